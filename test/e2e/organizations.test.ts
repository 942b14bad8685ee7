import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestService, type TestService } from '../support/service.ts';

describe('organizations and API keys over HTTP (embedded defaults)', () => {
  let service: TestService;
  before(async () => {
    service = await startTestService();
  });
  after(() => service.stop());

  test('createOrganization returns the organization and a key that works at once', async () => {
    const created = await service.call('POST', '/v1/createOrganization', {
      adminKey: service.adminKey,
      json: { name: 'Acme', url: 'https://acme.example' },
    });
    assert.equal(created.status, 201);
    const { organization, apiKey } = created.body;
    assert.equal(organization.name, 'Acme');
    assert.equal(organization.url, 'https://acme.example');
    assert.ok(organization._id && organization.createdAt && organization.updatedAt);
    assert.equal(apiKey.organizationId, organization._id);
    assert.match(apiKey.apiKey, /^lcs_[A-Za-z0-9_-]{40,}$/);
    assert.ok(apiKey._id && apiKey.createdAt && apiKey.updatedAt);

    const sources = await service.call('GET', '/v1/sources', { apiKey: apiKey.apiKey });
    assert.equal(sources.status, 200);
    assert.deepEqual(sources.body, { data: [] });
  });

  test('the events never hold the plaintext key', async () => {
    const { apiKey } = await service.createOrganization('Secretive');
    const events = await service.adapters.eventStore.readAll({ limit: 10_000 });
    assert.ok(events.length > 0);
    assert.ok(!JSON.stringify(events).includes(apiKey));
  });

  test('a missing or wrong admin key is a 401', async () => {
    const missing = await service.call('POST', '/v1/createOrganization', { json: { name: 'A', url: 'https://a.example' } });
    assert.equal(missing.status, 401);
    assert.match(missing.body.error, /admin-key/);
    const wrong = await service.call('POST', '/v1/createOrganization', { adminKey: 'not-the-admin-key', json: { name: 'A', url: 'https://a.example' } });
    assert.equal(wrong.status, 401);
    assert.deepEqual(Object.keys(wrong.body), ['error']);
  });

  test('a missing or unknown API key is a 401', async () => {
    const missing = await service.call('GET', '/v1/sources');
    assert.equal(missing.status, 401);
    assert.match(missing.body.error, /x-api-key/);
    const wrong = await service.call('GET', '/v1/sources', { apiKey: 'lcs_thisIsNotAValidKeyAtAllxxxxxxxxxxxxxxxxxxxx' });
    assert.equal(wrong.status, 401);
    assert.equal(typeof wrong.body.error, 'string');
  });

  test('bad bodies are 400s naming the field', async () => {
    const cases: [unknown, RegExp][] = [
      [{ url: 'https://a.example' }, /name/],
      [{ name: 'A' }, /url/],
      [{ name: 'A', url: 'ftp://a.example' }, /url must be an http or https URL/],
      [{ name: 'A', url: 'not a url' }, /url/],
      [{ name: '', url: 'https://a.example' }, /name/],
      [{ name: 42, url: 'https://a.example' }, /name/],
      [{ name: 'A', url: 'https://a.example', extra: true }, /extra/],
      [[1, 2], /./],
    ];
    for (const [json, message] of cases) {
      const response = await service.call('POST', '/v1/createOrganization', { adminKey: service.adminKey, json });
      assert.equal(response.status, 400, JSON.stringify(json));
      assert.match(response.body.error, message);
    }
  });

  test('malformed JSON is a 400, unknown routes a 404, both as { error }', async () => {
    const malformed = await service.call('POST', '/v1/createOrganization', {
      adminKey: service.adminKey,
      body: '{"name": "A",',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(malformed.status, 400);
    assert.match(malformed.body.error, /JSON/);
    const unknown = await service.call('GET', '/v1/nothing-here');
    assert.equal(unknown.status, 404);
    assert.equal(typeof unknown.body.error, 'string');
  });

  test('every answer carries a request id', async () => {
    const response = await service.call('GET', '/healthz', { headers: { 'x-request-id': 'trace-12345678' } });
    assert.equal(response.headers.get('x-request-id'), 'trace-12345678');
  });

  test('health and readiness', async () => {
    assert.deepEqual((await service.call('GET', '/healthz')).body, { status: 'ok' });
    const ready = await service.call('GET', '/readyz');
    assert.equal(ready.status, 200);
    assert.equal(ready.body.ready, true);
  });

  test('the OpenAPI description is 3.1.0, version 1.0.0, and covers every route', async () => {
    const response = await service.call('GET', '/v1/openapi.json');
    assert.equal(response.status, 200);
    const doc = response.body;
    assert.equal(doc.openapi, '3.1.0');
    assert.equal(doc.info.version, '1.0.0');
    const expected: [string, string][] = [
      ['post', '/v1/createOrganization'],
      ['post', '/v1/ingestSource'],
      ['post', '/v1/sources/upload-url'],
      ['get', '/v1/sources'],
      ['get', '/v1/sources/{sourceId}'],
      ['delete', '/v1/sources/{sourceId}'],
      ['get', '/v1/sources/{sourceId}/content'],
      ['post', '/v1/sources/{sourceId}/flashcards'],
      ['post', '/v1/sources/{sourceId}/mindmaps'],
      ['post', '/v1/sources/{sourceId}/quizzes'],
      ['get', '/v1/flashcards'],
      ['get', '/v1/flashcards/{flashcardId}'],
      ['delete', '/v1/flashcards/{flashcardId}'],
      ['get', '/v1/mindmaps/{mindmapId}'],
      ['get', '/v1/quizzes/{quizId}'],
      ['get', '/v1/openapi.json'],
    ];
    for (const [method, path] of expected) assert.ok(doc.paths[path]?.[method], `${method} ${path} missing`);
    const quizBody = doc.paths['/v1/sources/{sourceId}/quizzes'].post.requestBody.content['application/json'].schema;
    assert.equal(quizBody.properties.numberOfQuestions.maximum, 50);
    assert.ok(doc.components.schemas.Source);
    assert.ok(!JSON.stringify(doc).includes('#/$defs/'));
  });
});
