import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { spawn } from 'node:child_process';
import busboy from 'busboy';

// ingestSource of a 100 MiB file: MB/s against a bare busboy-to-disk server measured in the same
// run, and the service's peak RSS (read from /proc while the upload runs).
// Run: node bench/upload.ts [MiB=100]

const mib = Number(process.argv[2] ?? 100);
const size = mib * 1024 * 1024;
const boundary = 'benchboundary';
// The file is a PNG whose header claims 100,000 × 100,000 pixels: the indexer refuses it at once,
// so the measured memory is the upload's, not a parser's.
const png = Buffer.from('89504e470d0a1a0a0000000d49484452000186a0000186a00806000000', 'hex');
const head = Buffer.concat([
  Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="source"\r\n\r\n{"sourceType":"file"}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
  ),
  png,
]);
const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
const chunk = Buffer.alloc(1024 * 1024, 'All work and no play makes a long text file. ');

function upload(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(head.length + size + tail.length) },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 200 || res.statusCode === 201 ? resolve((performance.now() - started) / 1000) : reject(new Error(`status ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.write(head);
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        sent += chunk.length;
        if (!req.write(chunk)) return req.once('drain', pump);
      }
      req.end(tail);
    };
    pump();
  });
}

async function peakRss(pid: number, during: Promise<unknown>): Promise<number> {
  let peak = 0;
  const timer = setInterval(async () => {
    try {
      const status = await (await import('node:fs/promises')).readFile(`/proc/${pid}/status`, 'utf8');
      peak = Math.max(peak, Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
    } catch {
      /* the process may be gone */
    }
  }, 20);
  await during;
  clearInterval(timer);
  return peak;
}

const dir = await mkdtemp(join(tmpdir(), 'lcs-bench-upload-'));
// Baseline: busboy straight to disk with hashing, in this process.
const bare = createServer((req, res) => {
  const parser = busboy({ headers: req.headers });
  parser.on('file', (_name, stream) => {
    const hash = createHash('sha256');
    stream.on('data', (data: Buffer) => hash.update(data));
    pipeline(stream, createWriteStream(join(dir, 'bare.bin'))).catch(() => undefined);
  });
  parser.on('close', () => res.end('ok'));
  req.pipe(parser);
});
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
const bareSeconds = await upload(`http://127.0.0.1:${(bare.address() as { port: number }).port}/`, {});
bare.close();

// Started the way `npm start` starts it (package.json), flags included.
const child = spawn(process.execPath, ['--max-semi-space-size=2', join(import.meta.dirname, '..', 'main.ts')], {
  env: {
    ...process.env,
    DATA_DIR: join(dir, 'data'),
    PORT: '0',
    ADMIN_KEY: 'bench-admin-key-0123456789abcdef0123456789',
    LOG_LEVEL: 'warn',
    MAX_UPLOAD_BYTES: String(size + 1024 * 1024),
    WORKER_CONCURRENCY: '1',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const url = await new Promise<string>((resolve) => {
  let output = '';
  child.stdout?.on('data', (data: Buffer) => {
    output += data.toString();
    const match = /Listening on (\S+)/.exec(output);
    if (match) resolve(match[1] as string);
  });
});
const created = (await (
  await fetch(`${url}/v1/createOrganization`, {
    method: 'POST',
    headers: { 'admin-key': 'bench-admin-key-0123456789abcdef0123456789', 'content-type': 'application/json' },
    body: '{"name":"Bench","url":"https://b.example"}',
  })
).json()) as { apiKey: { apiKey: string } };
const serviceUpload = upload(`${url}/v1/ingestSource`, { 'x-api-key': created.apiKey.apiKey });
const rss = await peakRss(child.pid as number, serviceUpload);
const serviceSeconds = await serviceUpload;
child.kill('SIGTERM');
await rm(dir, { recursive: true, force: true });

const rate = (seconds: number) => mib / seconds;
console.log(`upload of ${mib} MiB`);
console.log(`bare busboy to disk   ${rate(bareSeconds).toFixed(0)} MB/s`);
console.log(`ingestSource          ${rate(serviceSeconds).toFixed(0)} MB/s   ${((bareSeconds / serviceSeconds) * 100).toFixed(0)}% of bare (target ≥ 70%)`);
console.log(`service peak RSS      ${rss.toFixed(0)} MB during the upload (target < 150 MB)`);
