import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import pg from 'pg';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { loadConfig } from '../infrastructure/config.ts';
import { startService } from '../main.ts';
import { send, type Call } from './load.ts';

// A mixed workload for a fixed time, N organizations: 80% reads (list and get by id), 15%
// generation requests, 5% ingestions. Reports throughput, p50/p99 by route, projection lag p99
// (sampled from /metrics), and GET-by-id against a bare express handler that serves the same
// document from Redis in the same run (target ≥ 80%).
// Run: node bench/mixed-load.ts [seconds=10] [organizations=5] [concurrency=16]

const seconds = Number(process.argv[2] ?? 10);
const organizations = Number(process.argv[3] ?? 5);
const concurrency = Number(process.argv[4] ?? 16);

const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

async function run(name: string, env: Record<string, string>) {
  const dataDir = await mkdtemp(join(tmpdir(), 'lcs-mixed-'));
  const adminKey = 'mixed-admin-key-0123456789abcdef0123456789';
  const service = await startService(
    loadConfig({
      PORT: '0',
      DATA_DIR: dataDir,
      ADMIN_KEY: adminKey,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '1000000',
      MAX_CONCURRENT_GENERATIONS: '1000',
      GENERATION_WAIT_MS: '0',
      ...env,
    }),
    pino({ level: 'silent' }),
  );
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const tenants: { key: string; sources: string[] }[] = [];
  for (let o = 0; o < organizations; o++) {
    const created = JSON.parse(
      (
        await send(agent, {
          method: 'POST',
          url: `${service.url}/v1/createOrganization`,
          headers: { 'admin-key': adminKey, 'content-type': 'application/json' },
          body: JSON.stringify({ name: `Org ${o}`, url: 'https://load.example' }),
          expect: 201,
        })
      ).body,
    );
    tenants.push({ key: created.apiKey.apiKey, sources: [] });
  }
  const ingest = (tenant: { key: string }, i: number): Call => {
    const boundary = 'b0undary';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="source"\r\n\r\n{"sourceType":"file"}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="n${i}.txt"\r\n\r\nA delta is land formed by river sediment, note ${i}. A levee is a raised bank along a river.\r\n--${boundary}--\r\n`;
    return {
      method: 'POST',
      url: `${service.url}/v1/ingestSource`,
      headers: { 'x-api-key': tenant.key, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
      expect: 200,
    };
  };
  for (const tenant of tenants) {
    for (let i = 0; i < 3; i++) tenant.sources.push(JSON.parse((await send(agent, ingest(tenant, i))).body).data.id);
  }
  await new Promise((resolve) => setTimeout(resolve, 1500));

  const latencies = new Map<string, number[]>();
  const lags: number[] = [];
  let errors = 0;
  let counter = 0;
  const deadline = performance.now() + seconds * 1000;
  const sampler = setInterval(async () => {
    const metrics = (await send(agent, { method: 'GET', url: `${service.url}/metrics`, expect: 200 })).body;
    const lag = /projection_lag\{unit="seconds"\} ([\d.e+-]+)/.exec(metrics)?.[1];
    if (lag) lags.push(Number(lag));
  }, 250);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const i = counter++;
        const tenant = tenants[i % tenants.length] as { key: string; sources: string[] };
        const sourceId = tenant.sources[i % tenant.sources.length] as string;
        const roll = i % 20;
        let route: string;
        let call: Call;
        if (roll < 8)
          [route, call] = [
            'GET /v1/sources/:id',
            { method: 'GET', url: `${service.url}/v1/sources/${sourceId}`, headers: { 'x-api-key': tenant.key }, expect: 200 },
          ];
        else if (roll < 16)
          [route, call] = ['GET /v1/sources', { method: 'GET', url: `${service.url}/v1/sources?limit=20`, headers: { 'x-api-key': tenant.key }, expect: 200 }];
        else if (roll < 19)
          [route, call] = [
            'POST /v1/sources/:id/quizzes',
            {
              method: 'POST',
              url: `${service.url}/v1/sources/${sourceId}/quizzes`,
              headers: { 'x-api-key': tenant.key, 'content-type': 'application/json' },
              body: '{"numberOfQuestions":2}',
              expect: 202,
            },
          ];
        else [route, call] = ['POST /v1/ingestSource', ingest(tenant, i)];
        const t0 = performance.now();
        const response = await send(agent, call).catch(() => ({ status: 0, body: '' }));
        const elapsed = performance.now() - t0;
        if (response.status !== call.expect && !(call.expect === 202 && response.status === 200)) errors++;
        (latencies.get(route) ?? latencies.set(route, []).get(route) ?? []).push(elapsed);
      }
    }),
  );
  const total = (performance.now() - started) / 1000;
  clearInterval(sampler);

  // The ceiling for GET by id: a bare express handler reading the same document from the same Redis.
  let ratioLine = '';
  if (env['READ_STORE'] === 'redis') {
    const redis = new Redis();
    const tenant = tenants[0] as { key: string; sources: string[] };
    const active = await redis.get(`${env['REDIS_KEY_PREFIX']}:active`);
    const docKey = `${env['REDIS_KEY_PREFIX']}:v${active}:doc:sources:${tenant.sources[0]}`;
    const app = express();
    app.get('/doc', async (_req, res) => {
      res.json({ data: JSON.parse((await redis.get(docKey)) as string) });
    });
    const bare = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => bare.once('listening', resolve));
    const measure = async (url: string, headers: Record<string, string>) => {
      let n = 0;
      const end = performance.now() + 3000;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (performance.now() < end) {
            await send(agent, { method: 'GET', url, headers, expect: 200 });
            n++;
          }
        }),
      );
      return n / 3;
    };
    const bareRate = await measure(`http://127.0.0.1:${(bare.address() as { port: number }).port}/doc`, {});
    const serviceRate = await measure(`${service.url}/v1/sources/${tenant.sources[0]}`, { 'x-api-key': tenant.key });
    bare.close();
    redis.disconnect();
    ratioLine = `GET by id ${serviceRate.toFixed(0)} req/s vs bare express + Redis ${bareRate.toFixed(0)} req/s: ${((serviceRate / bareRate) * 100).toFixed(0)}% (target ≥ 80%)`;
  }
  agent.destroy();
  await service.stop();
  await rm(dataDir, { recursive: true, force: true });

  const requests = [...latencies.values()].reduce((sum, list) => sum + list.length, 0);
  console.log(
    `\n${name}: ${requests} requests in ${total.toFixed(1)} s = ${(requests / total).toFixed(0)} req/s, ${errors} errors, ${organizations} organizations, ${concurrency} clients`,
  );
  for (const [route, list] of latencies)
    console.log(
      `  ${route.padEnd(30)} n=${String(list.length).padStart(6)}  p50 ${percentile(list, 0.5).toFixed(1)} ms  p99 ${percentile(list, 0.99).toFixed(1)} ms`,
    );
  console.log(`  projection lag p99 ${percentile(lags, 0.99).toFixed(2)} s (sampled every 250 ms)`);
  if (ratioLine) console.log(`  ${ratioLine}`);
}

await run('embedded (sqlite + memory)', {});
const suffix = randomBytes(4).toString('hex');
try {
  await run('postgres + redis', {
    EVENT_STORE: 'postgres',
    DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
    POSTGRES_SCHEMA: `mixed_${suffix}`,
    READ_STORE: 'redis',
    REDIS_KEY_PREFIX: `lcs-mixed-${suffix}`,
  });
} finally {
  const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/test' });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS mixed_${suffix} CASCADE`);
  await client.end();
  const redis = new Redis();
  const keys = await redis.keys(`lcs-mixed-${suffix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
}
