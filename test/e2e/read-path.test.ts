import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request, type Server } from 'node:http';
import { connect } from 'node:net';
import express from 'express';
import { sendJson } from '../../http/json-response.ts';
import { createLogger } from '../../infrastructure/logger.ts';
import { startTestService, type TestService } from '../support/service.ts';
import { uploadThroughUrl, waitForSource } from '../support/sources.ts';

// GET and HEAD of the declared routes are served without express's router (http/read-routes.ts):
// they must answer exactly as express did, and stay in the access log and the metrics, with no key
// or secret in the log.

const listen = (server: Server) =>
  new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}`)));

/** A request as sent: fetch adds Cache-Control: no-cache to a conditional one, which makes no answer fresh. */
const send = (url: string, init: { method?: string; headers?: Record<string, string> } = {}) =>
  new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const outgoing = request(url, { method: init.method ?? 'GET', headers: init.headers ?? {} }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode as number, headers: response.headers, body }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });

/** A raw request, for targets fetch would normalise (a fragment). */
const rawGet = (base: string, target: string, headers: Record<string, string>) =>
  new Promise<string>((resolve, reject) => {
    const url = new URL(base);
    const socket = connect(Number(url.port), url.hostname);
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString()));
    socket.on('close', () => resolve(data));
    socket.on('error', reject);
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`GET ${target} HTTP/1.1\r\nHost: x\r\n${lines.join('')}Connection: close\r\n\r\n`);
  });

describe('the read path', () => {
  test('sendJson answers what express res.json answers: headers, ETag, 304, HEAD', async () => {
    const body = { data: { id: 'abc', title: 'Zoë’s notes', count: 3, nested: { list: [1, null, 'x'] } } };
    const app = express();
    app.get('/doc', (_req, res) => res.json(body));
    app.get('/missing', (_req, res) => res.status(404).json({ error: 'source not found' }));
    const viaExpress = createServer(app);
    const direct = createServer((req, res) => (req.url === '/doc' ? sendJson(req, res, 200, body) : sendJson(req, res, 404, { error: 'source not found' })));
    const [expressUrl, directUrl] = await Promise.all([listen(viaExpress), listen(direct)]);
    try {
      const etag = (await fetch(`${expressUrl}/doc`)).headers.get('etag') as string;
      assert.match(etag, /^W\/"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/);
      const requests: [string, { method?: string; headers?: Record<string, string> }][] = [
        ['/doc', {}],
        ['/doc', { method: 'HEAD' }],
        ['/doc', { headers: { 'if-none-match': etag } }],
        ['/doc', { method: 'HEAD', headers: { 'if-none-match': etag } }],
        ['/doc', { headers: { 'if-none-match': etag.slice(2) } }],
        ['/doc', { headers: { 'if-none-match': `"other",  ${etag} ` } }],
        ['/doc', { headers: { 'if-none-match': '*' } }],
        ['/doc', { headers: { 'if-none-match': '"other"' } }],
        ['/doc', { headers: { 'if-none-match': etag, 'cache-control': 'max-age=0, no-cache' } }],
        ['/doc', { headers: { 'if-modified-since': new Date().toUTCString() } }],
        ['/missing', {}],
        ['/missing', { headers: { 'if-none-match': '*' } }],
      ];
      const statuses = new Set<number>();
      for (const [path, init] of requests) {
        const [expected, actual] = await Promise.all([fetch(`${expressUrl}${path}`, init), fetch(`${directUrl}${path}`, init)]);
        const described = `${init.method ?? 'GET'} ${path} ${JSON.stringify(init.headers ?? {})}`;
        assert.equal(actual.status, expected.status, described);
        for (const header of ['content-type', 'content-length', 'etag'])
          assert.equal(actual.headers.get(header), expected.headers.get(header), `${header} of ${described}`);
        assert.equal(await actual.text(), await expected.text(), described);
      }
    } finally {
      viaExpress.close();
      direct.close();
    }
  });

  describe('over HTTP', () => {
    let service: TestService;
    const lines: string[] = [];
    before(async () => {
      service = await startTestService({}, { logger: createLogger({ level: 'info', role: 'all' }, { write: (line: string) => void lines.push(line) }) });
    });
    after(() => service.stop());

    test('paths match as express matched them, HEAD and If-None-Match answer as before, and every request is logged and counted', async () => {
      const { apiKey } = await service.createOrganization('Reads');
      const other = await service.createOrganization('Others');
      const upload = await uploadThroughUrl(service, apiKey, {
        name: 'notes.txt',
        bytes: Buffer.from('A caldera is a large volcanic crater.'),
        type: 'text/plain',
      });
      assert.equal(upload.putStatus, 200);
      const id = upload.sourceId;
      await waitForSource(service, apiKey, id);
      const headers = { 'x-api-key': apiKey };

      const plain = await fetch(`${service.url}/v1/sources/${id}`, { headers: { ...headers, 'x-request-id': 'read-path-0001' } });
      assert.equal(plain.status, 200);
      assert.equal(plain.headers.get('x-request-id'), 'read-path-0001');
      assert.equal(plain.headers.get('content-type'), 'application/json; charset=utf-8');
      assert.ok(plain.headers.get('ratelimit-limit') && plain.headers.get('ratelimit-remaining') && plain.headers.get('ratelimit-reset'));
      const body = await plain.text();
      assert.equal(JSON.parse(body).data.id, id);
      const etag = plain.headers.get('etag') as string;

      const encoded = [...id].map((char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`).join('');
      for (const path of [`/V1/SOURCES/${id}`, `/v1/sources/${id}/`, `/v1/sources/${encoded}`, `/v1/sources/${id}?unused=1&unused=2`]) {
        const response = await fetch(`${service.url}${path}`, { headers });
        assert.equal(response.status, 200, path);
        assert.equal(await response.text(), body, path);
      }
      assert.match(await rawGet(service.url, `/v1/sources/${id}#fragment`, headers), /^HTTP\/1\.1 200 [^]*"id":"[^"]+"/);
      const malformed = await fetch(`${service.url}/v1/sources/%E0%A4%A`, { headers });
      assert.equal(malformed.status, 400);
      assert.deepEqual(await malformed.json(), { error: 'invalid request' });

      const head = await fetch(`${service.url}/v1/sources/${id}`, { method: 'HEAD', headers });
      assert.equal(head.status, 200);
      assert.equal(head.headers.get('content-length'), String(Buffer.byteLength(body)));
      assert.equal(await head.text(), '');
      const unchanged = await send(`${service.url}/v1/sources/${id}`, { headers: { ...headers, 'if-none-match': etag } });
      assert.equal(unchanged.status, 304);
      assert.equal(unchanged.headers['etag'], etag);
      assert.equal(unchanged.body, '');

      assert.equal((await fetch(`${service.url}/v1/sources/${id}`)).status, 401);
      assert.equal((await fetch(`${service.url}/v1/sources/${id}`, { headers: { 'x-api-key': other.apiKey } })).status, 403);
      const unknown = await fetch(`${service.url}/v1/sources/unknown`, { headers });
      assert.equal(unknown.status, 404);
      assert.deepEqual(await unknown.json(), { error: 'source not found' });
      assert.equal((await fetch(`${service.url}/v1/sources/${'x'.repeat(101)}`, { headers })).status, 400);
      assert.equal((await fetch(`${service.url}/v1/no-such-route`, { headers })).status, 404);

      const metrics = await (await fetch(`${service.url}/metrics`)).text();
      const count = (labels: string) => Number(new RegExp(`^http_requests_total\\{${labels}\\} (\\d+)$`, 'm').exec(metrics)?.[1] ?? 0);
      assert.ok(count('method="GET",route="GET /v1/sources/:sourceId",status="200"') >= 6);
      assert.equal(count('method="HEAD",route="GET /v1/sources/:sourceId",status="200"'), 1);
      assert.equal(count('method="GET",route="GET /v1/sources/:sourceId",status="304"'), 1);
      assert.equal(count('method="GET",route="GET /v1/sources/:sourceId",status="403"'), 1);
      assert.equal(count('method="GET",route="unmatched",status="404"'), 1);
      assert.match(metrics, /^http_request_duration_seconds_count\{method="GET",route="GET \/v1\/sources\/:sourceId",status="200"\} \d+$/m);

      const log = lines.join('');
      const access = lines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'request');
      const traced = access.find((line) => line.requestId === 'read-path-0001');
      assert.deepEqual(
        Object.keys(traced ?? {}).sort(),
        ['durationMs', 'level', 'method', 'msg', 'path', 'requestId', 'role', 'route', 'status', 'time'].sort(),
      );
      assert.equal(traced.route, 'GET /v1/sources/:sourceId');
      assert.equal(traced.path, `/v1/sources/${id}`);
      assert.ok(
        access.some((line) => line.method === 'PUT' && line.status === 200),
        'the upload is logged',
      );
      const signature = new URL(upload.uploadUrl).search.slice(1);
      for (const secret of [apiKey, other.apiKey, service.adminKey, signature]) assert.ok(!log.includes(secret), 'no key or signature in the log');
    });
  });
});
