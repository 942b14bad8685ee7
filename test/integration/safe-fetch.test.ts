import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { FetchFailedError, FetchRefusedError, safeFetch } from '../../infrastructure/web/safe-fetch.ts';
import { extractWebpage } from '../../workers/indexing/webpage.ts';
import { ExtractionError } from '../../workers/indexing/extractor.ts';

const article = `<!DOCTYPE html><html><head><title>Rivers | Geo Site</title></head><body>
<nav>Home About Contact</nav>
<article><h1>How Rivers Shape Land</h1>
<p>Rivers erode their banks and carry sediment downstream toward the sea over many years of steady flow.</p>
<h2>Deltas</h2><p>A delta forms where a river deposits sediment at its mouth, building new land into the sea.</p>
<h2>Meanders</h2><p>Meanders are loops that grow as the outer bank erodes and the inner bank collects sand.</p>
</article><footer>Copyright</footer></body></html>`;

describe('safe fetch and web pages', () => {
  let server: Server;
  let base: string;
  let connections = 0;
  before(async () => {
    server = createServer((req, res) => {
      if (req.url === '/article') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(article);
      }
      if (req.url === '/to-private') {
        res.writeHead(302, { location: 'http://10.0.0.1/secret' });
        return res.end();
      }
      if (req.url?.startsWith('/loop')) {
        res.writeHead(302, { location: `/loop${Number(req.url.slice(5) || 0) + 1}` });
        return res.end();
      }
      if (req.url === '/big') {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('x'.repeat(50_000));
      }
      if (req.url === '/pdf') {
        res.writeHead(200, { 'content-type': 'application/pdf' });
        return res.end('%PDF-1.4');
      }
      if (req.url === '/silent') return;
      res.writeHead(404);
      res.end();
    });
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  after(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });
  const options = { maxBytes: 20_000, timeoutMs: 2000, allowLoopback: true };

  test('loopback is refused before any connection unless explicitly allowed', async () => {
    const before = connections;
    await assert.rejects(safeFetch(`${base}/article`, { ...options, allowLoopback: false }), FetchRefusedError);
    assert.equal(connections, before, 'no connection was made');
    const response = await safeFetch(`${base}/article`, options);
    assert.equal(response.status, 200);
  });

  test('a redirect into 10.0.0.0/8 is refused before connecting to it', async () => {
    const started = Date.now();
    await assert.rejects(safeFetch(`${base}/to-private`, options), (error: unknown) => error instanceof FetchRefusedError && /10\.0\.0\.1.*private/.test(error.message));
    assert.ok(Date.now() - started < 1000, 'refused at once, not after a connect timeout');
  });

  test('a host name that resolves to a private address is refused', async () => {
    const resolve = async () => [{ address: '192.168.1.20', family: 4 }];
    await assert.rejects(safeFetch('http://intranet.example/', { ...options, resolve }), (error: unknown) => error instanceof FetchRefusedError && /192\.168\.1\.20/.test(error.message));
  });

  test('too many redirects, oversize bodies, silence and non-http schemes fail cleanly', async () => {
    await assert.rejects(safeFetch(`${base}/loop0`, options), (error: unknown) => error instanceof FetchFailedError && /redirects/.test(error.message));
    await assert.rejects(safeFetch(`${base}/big`, options), (error: unknown) => error instanceof FetchFailedError && /larger than the limit/.test(error.message));
    await assert.rejects(safeFetch(`${base}/silent`, { ...options, timeoutMs: 300 }), (error: unknown) => error instanceof FetchFailedError && error.retryable);
    await assert.rejects(safeFetch('file:///etc/passwd', options), FetchRefusedError);
    await assert.rejects(safeFetch('ftp://example.com/', options), FetchRefusedError);
  });

  test('a page becomes its readable text with title and sections', async () => {
    const content = await extractWebpage(`${base}/article`, { timeoutMs: 2000, maxBytes: 1e6, allowLoopback: true });
    assert.equal(content.title, 'Rivers | Geo Site');
    assert.match(content.text, /A delta forms where a river deposits sediment/);
    assert.ok(!/Copyright|Home About/.test(content.text), 'navigation and footer are left out');
    assert.deepEqual(content.outline.map((entry) => entry.title), ['How Rivers Shape Land', 'Deltas', 'Meanders']);
    await assert.rejects(extractWebpage(`${base}/pdf`, { timeoutMs: 2000, maxBytes: 1e6, allowLoopback: true }), (error: unknown) => error instanceof ExtractionError && /not a web page/.test(error.message));
  });
});
