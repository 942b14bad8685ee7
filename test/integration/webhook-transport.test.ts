import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { webhookTransport } from '../../infrastructure/web/webhook-transport.ts';

// The webhook transport at delivery time, not only at registration: a redirect is an answer, never
// followed, and an address the guard refuses is refused again when a delivery goes out.

describe('webhook transport', () => {
  let server: Server;
  let base: string;
  const requested: string[] = [];

  before(async () => {
    server = createServer((req, res) => {
      requested.push(req.url ?? '');
      if (req.url === '/moved') return res.writeHead(307, { location: '/hook' }).end();
      res.writeHead(req.url === '/hook' ? 204 : 404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  test('a redirect is not followed: the delivery fails and the target is never requested', async () => {
    const transport = webhookTransport({ allowLoopback: true });
    assert.deepEqual(await transport.post(`${base}/hook`, '{}', { 'content-type': 'application/json' }, 2000), { status: 204 });
    requested.length = 0;
    await assert.rejects(transport.post(`${base}/moved`, '{}', { 'content-type': 'application/json' }, 2000), /redirected/);
    assert.deepEqual(requested, ['/moved']);
  });

  test('an endpoint the guard refuses is refused again when a delivery goes out, before any request', async () => {
    const transport = webhookTransport({ allowLoopback: false });
    requested.length = 0;
    await assert.rejects(transport.post(`${base}/hook`, '{}', {}, 2000), /loopback/);
    await assert.rejects(transport.post('https://10.0.0.7/hook', '{}', {}, 2000), /private|not.*public|cannot be fetched/);
    assert.deepEqual(requested, []);
    assert.match((await transport.refusal(`${base}/hook`)) ?? '', /https/);
  });
});
