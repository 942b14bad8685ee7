import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { FetchFailedError, FetchRefusedError, safeFetch, type Resolver } from '../../infrastructure/web/safe-fetch.ts';

// Every client socket the process opens is recorded (Node publishes each on `net.client.socket`), so a
// test can prove a refused fetch never opened a connection, let alone sent a packet, to its target.
const clientSockets: Socket[] = [];
const recordSocket = (message: unknown) => clientSockets.push((message as { socket: Socket }).socket);

describe('safe fetch', () => {
  let server: Server;
  let port: number;
  let base: string;
  let accepted = 0;
  const requests: { method: string; url: string; body: string }[] = [];

  before(async () => {
    subscribe('net.client.socket', recordSocket);
    server = createServer(async (req, res) => {
      let body = '';
      for await (const chunk of req) body += String(chunk);
      requests.push({ method: req.method ?? '', url: req.url ?? '', body });
      const path = req.url ?? '/';
      if (path === '/ok') return res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('hello');
      if (path === '/to-private') return res.writeHead(302, { location: 'http://10.0.0.1/secret' }).end();
      if (path === '/to-metadata') return res.writeHead(301, { location: 'http://[::ffff:169.254.169.254]/latest/meta-data/' }).end();
      if (path === '/to-file') return res.writeHead(302, { location: 'file:///etc/passwd' }).end();
      if (path === '/to-ok-decimal') return res.writeHead(307, { location: `http://2130706433:${port}/ok` }).end();
      if (path.startsWith('/hop/')) return res.writeHead(302, { location: `/hop/${Number(path.slice(5)) + 1}` }).end();
      if (path === '/post-then-see-other') return res.writeHead(303, { location: '/ok' }).end();
      if (path === '/declared-big') return res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '50000' }).end('x'.repeat(50_000));
      if (path === '/chunked-big') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        for (let i = 0; i < 50; i++) res.write('x'.repeat(1000));
        return res.end();
      }
      if (path === '/error') return res.writeHead(503).end('down');
      if (path === '/not-found') return res.writeHead(404).end('missing');
      if (path === '/silent') return;
      if (path === '/drip') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        const timer = setInterval(() => res.write('.'), 50);
        res.on('close', () => clearInterval(timer));
        return;
      }
      res.writeHead(404).end();
    });
    server.on('connection', () => accepted++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
    base = `http://127.0.0.1:${port}`;
  });
  after(async () => {
    unsubscribe('net.client.socket', recordSocket);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const options = { maxBytes: 20_000, timeoutMs: 2000, allowLoopback: true };
  /** Runs a fetch and reports how many sockets it opened and how many of them reached the local server. */
  const counting = async (run: () => Promise<unknown>) => {
    const sockets = clientSockets.length;
    const connections = accepted;
    const outcome = await run().then(
      (value) => ({ value, error: undefined }),
      (error: unknown) => ({ value: undefined, error }),
    );
    return { ...outcome, opened: clientSockets.length - sockets, reachedServer: accepted - connections };
  };

  test('loopback is refused before any socket is opened unless explicitly allowed', async () => {
    const refused = await counting(() => safeFetch(`${base}/ok`, { ...options, allowLoopback: false }));
    assert.ok(refused.error instanceof FetchRefusedError);
    assert.match(refused.error.message, /127\.0\.0\.1 is a loopback address/);
    assert.equal(refused.opened, 0, 'no socket was opened');
    assert.equal(refused.reachedServer, 0);

    const allowed = await counting(() => safeFetch(`${base}/ok`, options));
    assert.deepEqual(allowed.value, { finalUrl: `${base}/ok`, status: 200, contentType: 'text/plain; charset=utf-8', body: Buffer.from('hello') });
    assert.equal(allowed.opened, 1);
  });

  test('a redirect into 10.0.0.0/8 is refused before any connection to it', async () => {
    const result = await counting(() => safeFetch(`${base}/to-private`, options));
    assert.ok(result.error instanceof FetchRefusedError, String(result.error));
    assert.equal(result.error.message, 'the address 10.0.0.1 is a private address and cannot be fetched');
    assert.equal(result.opened, 1, 'the only socket opened was to the allowed server');
    assert.equal(result.reachedServer, 1);
  });

  test('redirects to cloud metadata (IPv4-mapped) and to other schemes are refused', async () => {
    const metadata = await counting(() => safeFetch(`${base}/to-metadata`, options));
    assert.ok(metadata.error instanceof FetchRefusedError);
    assert.match(metadata.error.message, /link-local/);
    assert.equal(metadata.opened, 1);
    await assert.rejects(
      safeFetch(`${base}/to-file`, options),
      (error: unknown) => error instanceof FetchRefusedError && /only http and https/.test(error.message),
    );
  });

  test('a redirect to another spelling of an allowed address is followed, vetted again', async () => {
    const result = await safeFetch(`${base}/to-ok-decimal`, options);
    assert.equal(result.finalUrl, `${base}/ok`);
    assert.equal(result.body.toString(), 'hello');
  });

  test('at most maxRedirects redirects are followed', async () => {
    const five = await counting(() => safeFetch(`${base}/hop/0`, options));
    assert.ok(five.error instanceof FetchFailedError);
    assert.match(five.error.message, /redirected more than 5 times/);
    assert.equal(five.opened, 6, 'the first request and five redirects, then it stops');
    await assert.rejects(safeFetch(`${base}/hop/0`, { ...options, maxRedirects: 2 }), /redirected more than 2 times/);
  });

  test('a 303 after a POST continues as a GET without the body', async () => {
    requests.length = 0;
    const result = await safeFetch(`${base}/post-then-see-other`, {
      ...options,
      method: 'POST',
      body: '{"a":1}',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(result.body.toString(), 'hello');
    assert.deepEqual(
      requests.map(({ method, url, body }) => ({ method, url, body })),
      [
        { method: 'POST', url: '/post-then-see-other', body: '{"a":1}' },
        { method: 'GET', url: '/ok', body: '' },
      ],
    );
  });

  test('a body past maxBytes is cut off, whether its length is declared or not', async () => {
    for (const path of ['/declared-big', '/chunked-big']) {
      await assert.rejects(
        safeFetch(`${base}${path}`, options),
        (error: unknown) =>
          error instanceof FetchFailedError && !error.retryable && error.message === `the response from 127.0.0.1 is larger than the limit of 20000 bytes`,
        path,
      );
    }
  });

  test('only 2xx answers are accepted; server errors are retryable, client errors not', async () => {
    await assert.rejects(safeFetch(`${base}/error`, options), (error: unknown) => error instanceof FetchFailedError && error.retryable && error.status === 503);
    await assert.rejects(
      safeFetch(`${base}/not-found`, options),
      (error: unknown) => error instanceof FetchFailedError && !error.retryable && /status 404/.test(error.message),
    );
  });

  test('the timeout bounds a silent server and a slow drip alike', async () => {
    for (const path of ['/silent', '/drip']) {
      const started = Date.now();
      await assert.rejects(
        safeFetch(`${base}${path}`, { ...options, timeoutMs: 300 }),
        (error: unknown) => error instanceof FetchFailedError && error.retryable && /did not answer within 300 ms/.test(error.message),
        path,
      );
      assert.ok(Date.now() - started < 1500, `${path} gave up near its deadline`);
    }
  });

  test('a host name is refused when ANY of its addresses is non-public, before connecting', async () => {
    const asked: string[] = [];
    const resolverFor =
      (...addresses: string[]): Resolver =>
      async (hostname) => {
        asked.push(hostname);
        return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
      };
    const single = await counting(() => safeFetch('http://intranet.example/', { ...options, resolve: resolverFor('192.168.1.20') }));
    assert.ok(single.error instanceof FetchRefusedError);
    assert.equal(single.error.message, 'the host intranet.example resolves to 192.168.1.20, which is a private address, and cannot be fetched');
    assert.equal(single.opened, 0);
    const mixed = await counting(() => safeFetch('http://rebind.example/', { ...options, resolve: resolverFor('93.184.216.34', 'fd00::5') }));
    assert.ok(mixed.error instanceof FetchRefusedError);
    assert.match(mixed.error.message, /fd00::5, which is a unique-local address/);
    assert.equal(mixed.opened, 0);
    assert.deepEqual(asked, ['intranet.example', 'rebind.example']);
  });

  test('the connection goes to the vetted address, not to a second DNS answer', async () => {
    // The resolver is asked once; the socket then uses that answer (127.0.0.1 here) for a made-up name.
    let lookups = 0;
    const resolve: Resolver = async () => {
      lookups++;
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const result = await safeFetch(`http://pinned.example:${port}/ok`, { ...options, resolve });
    assert.equal(result.body.toString(), 'hello');
    assert.equal(lookups, 1);
    assert.equal(requests.at(-1)?.url, '/ok');
  });

  test('internal names, credentials, unknown hosts and bad URLs fail with readable messages', async () => {
    await assert.rejects(safeFetch('http://metadata.google.internal/computeMetadata/v1/', options), /metadata\.google\.internal is an internal name/);
    await assert.rejects(safeFetch('ftp://example.com/', options), FetchRefusedError);
    await assert.rejects(safeFetch(`http://user:secret@127.0.0.1:${port}/ok`, options), /credentials/);
    await assert.rejects(safeFetch('not a url', options), /the URL is not valid/);
    const nxdomain: Resolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    await assert.rejects(
      safeFetch('http://no-such-host.example/', { ...options, resolve: nxdomain }),
      (error: unknown) => error instanceof FetchFailedError && !error.retryable && /could not be found/.test(error.message),
    );
  });
});
