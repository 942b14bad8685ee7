import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import fc from 'fast-check';
import { startTestService, type TestService } from '../support/service.ts';
import { ingestFile, ingestUrl, waitForSource } from '../support/sources.ts';

// Misuse never gets a 500: property-based fuzz of every JSON body and query parameter, multipart
// edge cases, header abuse, cross-organization access over every route, and an SSRF corpus.

const json = fc.jsonValue({ maxDepth: 3 });
const anyValue = fc.oneof(json, fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null));

describe('hostile input', () => {
  let service: TestService;
  let apiKey: string;
  let otherKey: string;
  let organizationId: string;
  let sourceId: string;

  before(async () => {
    service = await startTestService({ RATE_LIMIT_PER_MINUTE: '100000', REQUEST_TIMEOUT_MS: '2000', GENERATION_WAIT_MS: '0' });
    const org = await service.createOrganization('Target');
    apiKey = org.apiKey;
    organizationId = org.organizationId;
    otherKey = (await service.createOrganization('Attacker')).apiKey;
    const source = await ingestFile(service, apiKey, { name: 'notes.txt', bytes: Buffer.from('A glacier is a persistent body of dense ice.\n') });
    sourceId = source.body.data.id;
    await waitForSource(service, apiKey, sourceId);
  });
  after(() => service.stop());

  const jsonRoutes = () => [
    { path: '/v1/createOrganization', admin: true },
    { path: '/v1/sources/upload-url', admin: false },
    { path: `/v1/sources/${sourceId}/flashcards`, admin: false },
    { path: `/v1/sources/${sourceId}/mindmaps`, admin: false },
    { path: `/v1/sources/${sourceId}/quizzes`, admin: false },
  ];

  test('arbitrary JSON bodies on every JSON route: a 2xx or a 4xx { error }, never a 5xx', async () => {
    for (const route of jsonRoutes()) {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(json, fc.dictionary(fc.constantFrom('name', 'url', 'fileName', 'sourceType', 'difficulty', 'numberOfQuestions', 'metadata'), anyValue)),
          async (body) => {
            const response = await service.call('POST', route.path, route.admin ? { adminKey: service.adminKey, json: body } : { apiKey, json: body });
            assert.ok(response.status < 500, `${route.path} ${JSON.stringify(body)} → ${response.status}`);
            if (response.status >= 400) assert.equal(typeof response.body.error, 'string');
          },
        ),
        { numRuns: 40 },
      );
    }
  });

  test('arbitrary query parameters on every list route: never a 5xx', async () => {
    const lists = ['/v1/sources', '/v1/flashcards', '/v1/mindmaps', '/v1/quizzes', '/v1/events'];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...lists),
        fc.dictionary(fc.constantFrom('limit', 'cursor', 'sourceId', 'after', 'x'), fc.string({ maxLength: 40 })),
        async (path, query) => {
          const response = await service.call('GET', `${path}?${new URLSearchParams(query)}`, { apiKey });
          assert.ok(response.status === 200 || response.status === 400, `${path} ${JSON.stringify(query)} → ${response.status}`);
        },
      ),
      { numRuns: 150 },
    );
  });

  test('multipart edge cases', async () => {
    const post = (body: string | Buffer, contentType: string) =>
      service.call('POST', '/v1/ingestSource', { apiKey, body, headers: { 'content-type': contentType } });
    assert.equal((await post('x', 'multipart/form-data')).status, 400, 'no boundary');
    const truncated =
      '--b\r\nContent-Disposition: form-data; name="source"\r\n\r\n{"sourceType":"file"}\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello';
    assert.equal((await post(truncated, 'multipart/form-data; boundary=b')).status, 400, 'truncated body');
    const manyParts = Array.from({ length: 1000 }, (_, i) => `--b\r\nContent-Disposition: form-data; name="p${i}"\r\n\r\nx\r\n`).join('') + '--b--\r\n';
    assert.equal((await post(manyParts, 'multipart/form-data; boundary=b')).status, 400, '1000 parts');
    const huge = `--b\r\nContent-Disposition: form-data; name="source"\r\n\r\n${'x'.repeat(200_000)}\r\n--b--\r\n`;
    const hugeField = await post(huge, 'multipart/form-data; boundary=b');
    assert.equal(hugeField.status, 400, 'huge field');
    assert.match(hugeField.body.error, /too large/);
  });

  test('a slow-loris upload is cut off', async () => {
    const url = new URL(service.url);
    const socket = connect(Number(url.port), url.hostname);
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /v1/ingestSource HTTP/1.1\r\nHost: x\r\nx-api-key: ${apiKey}\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n--b\r\n`,
    );
    const started = Date.now();
    const drip = setInterval(() => socket.writable && socket.write('x'), 300);
    await new Promise((resolve) => socket.once('close', resolve));
    clearInterval(drip);
    assert.ok(Date.now() - started < 10_000, 'the server closed the slow connection');
  });

  test('header abuse: huge headers, duplicate keys', async () => {
    const huge = await fetch(`${service.url}/v1/sources`, { headers: { 'x-api-key': apiKey, 'x-padding': 'a'.repeat(20_000) } }).catch(() => null);
    assert.ok(huge === null || huge.status === 431 || huge.status === 400);
    const url = new URL(service.url);
    const raw = await new Promise<string>((resolve) => {
      const socket = connect(Number(url.port), url.hostname);
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('close', () => resolve(data));
      socket.write(`GET /v1/sources HTTP/1.1\r\nHost: x\r\nx-api-key: ${apiKey}\r\nx-api-key: ${otherKey}\r\nConnection: close\r\n\r\n`);
    });
    assert.match(raw, /^HTTP\/1\.1 401/);
  });

  test('every route with another organization’s ids is a 403', async () => {
    const quiz = await service.call('POST', `/v1/sources/${sourceId}/quizzes`, { apiKey, json: { numberOfQuestions: 1 } });
    const mindmap = await service.call('POST', `/v1/sources/${sourceId}/mindmaps`, { apiKey, json: {} });
    const flashcards = await service.call('POST', `/v1/sources/${sourceId}/flashcards`, { apiKey });
    const ids: Record<string, string> = { sourceId, quizId: quiz.body.data.id, mindmapId: mindmap.body.data.id, flashcardId: flashcards.body.data.id };
    const doc = (await service.call('GET', '/v1/openapi.json')).body as { paths: Record<string, Record<string, { security: { apiKey?: unknown }[] }>> };
    let tried = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
      if (params.length === 0 || !params.every((p) => ids[p])) continue;
      for (const [method, operation] of Object.entries(operations)) {
        if (!operation.security.some((s) => 'apiKey' in s)) continue;
        const concrete = path.replace(/\{(\w+)\}/g, (_m, p: string) => ids[p] as string);
        const response = await service.call(method.toUpperCase(), concrete, { apiKey: otherKey, json: method === 'post' ? {} : undefined });
        assert.equal(response.status, 403, `${method.toUpperCase()} ${path}`);
        tried++;
      }
    }
    assert.ok(tried >= 10, `only ${tried} routes were tried`);
    const stillThere = await service.call('GET', `/v1/sources/${sourceId}`, { apiKey });
    assert.equal(stillThere.status, 200);
    void organizationId;
  });

  test('SSRF corpus: every address is refused before any connection', async () => {
    const corpus = [
      'http://127.0.0.1/',
      'http://localhost/',
      'http://2130706433/',
      'http://0x7f000001/',
      'http://0177.0.0.1/',
      'http://127.1/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://10.0.0.1/',
      'http://172.16.0.1/',
      'http://192.168.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://metadata.google.internal/',
      'http://[fd00::1]/',
      'http://0.0.0.0/',
    ];
    const ids = [];
    for (const url of corpus) {
      const response = await ingestUrl(service, apiKey, 'webpage', url);
      assert.equal(response.status, 200, url);
      ids.push([url, response.body.data.id] as const);
    }
    for (const [url, id] of ids) {
      const source = await waitForSource(service, apiKey, id);
      assert.equal(source.status, 'failed', url);
      assert.match(source.error, /private|loopback|link-local|not allowed|refused|reserved|unspecified|metadata/i, `${url}: ${source.error}`);
    }
  });
});
