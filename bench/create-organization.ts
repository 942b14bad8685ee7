import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import pg from 'pg';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { loadConfig } from '../infrastructure/config.ts';
import { startService } from '../main.ts';
import { closedLoop } from './load.ts';

// createOrganization over HTTP, including read-your-writes, embedded and postgres+redis, against a
// bare express handler that answers the same route without any storage (the ceiling of the stack).
// Run: node bench/create-organization.ts [seconds=5] [concurrency=16]

const seconds = Number(process.argv[2] ?? 5);
const concurrency = Number(process.argv[3] ?? 16);
const body = JSON.stringify({ name: 'Bench Org', url: 'https://bench.example' });

async function measure(url: string, adminKey: string) {
  return closedLoop(
    () => ({ method: 'POST', url: `${url}/v1/createOrganization`, headers: { 'admin-key': adminKey, 'content-type': 'application/json' }, body, expect: 201 }),
    { concurrency, durationMs: seconds * 1000 },
  );
}

async function bare() {
  const app = express();
  app.use(express.json());
  app.post('/v1/createOrganization', (req, res) => {
    res.status(201).json({ organization: { _id: randomBytes(16).toString('hex'), ...req.body }, apiKey: { apiKey: randomBytes(32).toString('base64url') } });
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const address = server.address() as { port: number };
  const result = await measure(`http://127.0.0.1:${address.port}`, 'x');
  server.close();
  return result;
}

async function service(env: Record<string, string>) {
  const dataDir = await mkdtemp(join(tmpdir(), 'lcs-bench-'));
  const adminKey = 'bench-admin-key-0123456789abcdef0123456789';
  const running = await startService(loadConfig({ PORT: '0', DATA_DIR: dataDir, ADMIN_KEY: adminKey, LOG_LEVEL: 'silent', ...env }), pino({ level: 'silent' }));
  try {
    return await measure(running.url, adminKey);
  } finally {
    await running.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const format = (name: string, r: Awaited<ReturnType<typeof bare>>, baseline?: number) =>
  `${name.padEnd(28)} ${r.perSecond.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  errors ${r.errors}` +
  (baseline ? `  (${((r.perSecond / baseline) * 100).toFixed(1)}% of bare express)` : '');

const baseline = await bare();
console.log(`createOrganization, ${concurrency} concurrent clients, ${seconds} s each`);
console.log(format('bare express (no storage)', baseline));
console.log(format('embedded (sqlite + memory)', await service({}), baseline.perSecond));

const suffix = randomBytes(4).toString('hex');
const schema = `bench_${suffix}`;
const prefix = `lcs-bench-${suffix}`;
try {
  console.log(
    format(
      'postgres + redis',
      await service({
        EVENT_STORE: 'postgres',
        DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
        POSTGRES_SCHEMA: schema,
        READ_STORE: 'redis',
        REDIS_KEY_PREFIX: prefix,
      }),
      baseline.perSecond,
    ),
  );
} finally {
  const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/test' });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
  const redis = new Redis();
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
}
