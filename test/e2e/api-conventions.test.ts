import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestService, type TestService } from '../support/service.ts';
import { ingestFile, waitForSource } from '../support/sources.ts';

// Idempotency keys, rate limits and quotas, key lifecycle, and the organization event feed.

describe('API conventions over HTTP', () => {
  let service: TestService;
  before(async () => {
    service = await startTestService({ RATE_LIMIT_PER_MINUTE: '40', MAX_CONCURRENT_GENERATIONS: '1', GENERATION_WAIT_MS: '0' });
  });
  after(() => service.stop());

  test('Idempotency-Key: same request replays the first answer once; another request with it is a 409; scoped per organization', async () => {
    const first = await service.call('POST', '/v1/createOrganization', {
      adminKey: service.adminKey,
      json: { name: 'Once', url: 'https://once.example' },
      headers: { 'idempotency-key': 'create-once-1' },
    });
    const again = await service.call('POST', '/v1/createOrganization', {
      adminKey: service.adminKey,
      json: { name: 'Once', url: 'https://once.example' },
      headers: { 'idempotency-key': 'create-once-1' },
    });
    assert.equal(first.status, 201);
    assert.equal(again.status, 201);
    assert.deepEqual(again.body, first.body, 'the same organization and key, not a second one');
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    const organizations = (await service.adapters.eventStore.readAll({ limit: 10_000 })).filter(
      (e) => e.type === 'OrganizationCreated' && e.data['name'] === 'Once',
    );
    assert.equal(organizations.length, 1);
    const different = await service.call('POST', '/v1/createOrganization', {
      adminKey: service.adminKey,
      json: { name: 'Twice', url: 'https://once.example' },
      headers: { 'idempotency-key': 'create-once-1' },
    });
    assert.equal(different.status, 409);

    const a = (await service.createOrganization('A')).apiKey;
    const b = (await service.createOrganization('B')).apiKey;
    const send = (apiKey: string) => {
      const form = new FormData();
      form.append('source', JSON.stringify({ sourceType: 'file' }));
      form.append('file', new Blob(['An atoll is a ring of coral.']), 'atoll.txt');
      return service.call('POST', '/v1/ingestSource', { apiKey, body: form, headers: { 'idempotency-key': 'upload-1' } });
    };
    const one = await send(a);
    const two = await send(a);
    const other = await send(b);
    assert.equal(one.body.data.id, two.body.data.id, 'multipart retries are recognised by content');
    assert.notEqual(other.body.data.id, one.body.data.id, 'another organization has its own keys');
    assert.equal(
      (
        await service.call('POST', '/v1/sources/upload-url', {
          apiKey: a,
          json: { fileName: 'x.pdf', sourceType: 'file' },
          headers: { 'idempotency-key': 'bad key with spaces' },
        })
      ).status,
      400,
    );
  });

  test('rate limit: RateLimit headers on every answer, then 429 with Retry-After', async () => {
    const { apiKey } = await service.createOrganization('Busy');
    const first = await service.call('GET', '/v1/sources', { apiKey });
    assert.equal(first.headers.get('ratelimit-limit'), '40');
    assert.ok(Number(first.headers.get('ratelimit-remaining')) < 40);
    assert.ok(Number(first.headers.get('ratelimit-reset')) >= 1);
    let limited;
    for (let i = 0; i < 45 && !limited; i++) {
      const response = await service.call('GET', '/v1/sources', { apiKey });
      if (response.status === 429) limited = response;
    }
    assert.ok(limited, 'a 429 came');
    assert.ok(Number(limited.headers.get('retry-after')) >= 1);
    assert.match(limited.body.error, /rate limit/);
  });

  test('concurrent generations are capped per organization', async () => {
    const { apiKey } = await service.createOrganization('Quota');
    const source = await ingestFile(service, apiKey, {
      name: 'lakes.txt',
      bytes: Buffer.from('A lake is a large body of water surrounded by land. An oxbow lake forms from a meander.'),
    });
    await waitForSource(service, apiKey, source.body.data.id);
    const responses = await Promise.all(Array.from({ length: 4 }, () => service.call('POST', `/v1/sources/${source.body.data.id}/flashcards`, { apiKey })));
    assert.ok(
      responses.some((r) => r.status === 429 && /in progress/.test(r.body.error)),
      JSON.stringify(responses.map((r) => r.status)),
    );
  });

  test('key lifecycle: several keys, revocation refused at once, list by last four', async () => {
    const created = await service.call('POST', '/v1/createOrganization', { adminKey: service.adminKey, json: { name: 'Keys', url: 'https://keys.example' } });
    const organizationId = created.body.organization._id;
    const firstKey = created.body.apiKey;
    const issued = await service.call('POST', `/v1/organizations/${organizationId}/apiKeys`, { adminKey: service.adminKey });
    assert.equal(issued.status, 201);
    const secondKey = issued.body.apiKey;
    assert.equal((await service.call('GET', '/v1/sources', { apiKey: secondKey.apiKey })).status, 200);
    const listed = await service.call('GET', `/v1/organizations/${organizationId}/apiKeys`, { adminKey: service.adminKey });
    assert.deepEqual(listed.body.data.map((k: { lastFour: string }) => k.lastFour).sort(), [firstKey.apiKey.slice(-4), secondKey.apiKey.slice(-4)].sort());
    assert.ok(!JSON.stringify(listed.body).includes(firstKey.apiKey), 'keys are never shown again');
    const revoked = await service.call('DELETE', `/v1/organizations/${organizationId}/apiKeys/${firstKey._id}`, { adminKey: service.adminKey });
    assert.equal(revoked.status, 200);
    assert.equal((await service.call('GET', '/v1/sources', { apiKey: firstKey.apiKey })).status, 401, 'refused at once');
    assert.equal((await service.call('GET', '/v1/sources', { apiKey: secondKey.apiKey })).status, 200);
    assert.equal((await service.call('POST', '/v1/organizations/unknown/apiKeys', { adminKey: service.adminKey })).status, 404);
    assert.equal(
      (await service.call('POST', `/v1/organizations/${organizationId}/apiKeys`, { apiKey: secondKey.apiKey })).status,
      401,
      'API keys cannot manage keys',
    );
  });

  test('the event feed lists the organization’s own events in order, without secrets, and can be followed', async () => {
    const mine = await service.call('POST', '/v1/createOrganization', { adminKey: service.adminKey, json: { name: 'Feed', url: 'https://feed.example' } });
    const apiKey = mine.body.apiKey.apiKey;
    await service.createOrganization('Someone else');
    const source = await ingestFile(service, apiKey, { name: 'fjord.txt', bytes: Buffer.from('A fjord is a narrow inlet.') });
    await waitForSource(service, apiKey, source.body.data.id);
    const page = await service.call('GET', '/v1/events?after=0&limit=3', { apiKey });
    assert.deepEqual(
      page.body.data.map((e: { sequence: number }) => e.sequence),
      [1, 2, 3],
    );
    assert.deepEqual(
      page.body.data.slice(0, 3).map((e: { type: string }) => e.type),
      ['OrganizationCreated', 'ApiKeyIssued', 'SourceIngested'],
    );
    const rest = await service.call('GET', `/v1/events?after=${page.body.next}`, { apiKey });
    assert.ok(rest.body.data.some((e: { type: string }) => e.type === 'SourceIndexed'));
    const everything = JSON.stringify([...page.body.data, ...rest.body.data]);
    assert.ok(!everything.includes(apiKey) && !everything.includes('keyHash') && !everything.includes('Someone else'));
    const end = await service.call('GET', `/v1/events?after=${rest.body.next}`, { apiKey });
    assert.deepEqual(end.body, { data: [], next: rest.body.next });
    assert.equal((await service.call('GET', '/v1/events?after=-1', { apiKey })).status, 400);
  });
});
