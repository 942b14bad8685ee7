import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { Redis } from 'ioredis';
import { openSqliteEventStore } from '../infrastructure/event-store/sqlite.ts';
import { openRedisReadStore } from '../infrastructure/read-store/redis.ts';
import { allProjections } from '../projections/index.ts';
import { projectBatch } from '../projections/projector.ts';
import { type RebuildStats } from '../projections/rebuild.ts';
import { seedEvents } from '../test/support/seed-events.ts';

// Rebuild of the read models into Redis over ~100k real domain events (organizations with keys;
// sources ingested, claimed, indexed or failed, some deleted), the way an operator runs it:
// `npm run projections:rebuild` in a fresh process, several times; against a bare pipelined SET of
// as many documents in the same run. Then checks that the rebuilt read models equal the ones the
// live projector path built.
// Run: node bench/projection-rebuild.ts [organizations=3000] [runs=3]

const organizations = Number(process.argv[2] ?? 3000);
const runs = Number(process.argv[3] ?? 3);
const TARGET = 50_000;
const REDIS_URL = 'redis://127.0.0.1:6379';

const dir = mkdtempSync(join(tmpdir(), 'lcs-bench-rebuild-'));
const store = openSqliteEventStore({ path: join(dir, 'events.sqlite') });
const prefix = `bench-rebuild-${randomBytes(4).toString('hex')}`;
const redis = new Redis(REDIS_URL);

/** One `npm run projections:rebuild` against this run's events and key prefix; its own statistics. */
const rebuildAsOperator = () =>
  new Promise<RebuildStats>((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'projections:rebuild'], {
      cwd: join(import.meta.dirname, '..'),
      env: { ...process.env, EVENT_STORE: 'sqlite', DATA_DIR: dir, READ_STORE: 'redis', REDIS_URL, REDIS_KEY_PREFIX: prefix },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const done = /^done in [^:]+: (.*)$/m.exec(output);
      if (code !== 0 || !done) reject(new Error(`projections:rebuild exited with ${code}:\n${output}`));
      else resolve(JSON.parse(done[1] as string) as RebuildStats);
    });
  });

try {
  console.log(`seeding ${organizations} organizations...`);
  await seedEvents(store, { organizations, sourcesPerOrganization: 10, concurrency: 1 });
  const total = (await store.readAll({ limit: 10_000_000 })).length;

  // Live: the projector path, batch after batch, into version 1.
  const readStore = await openRedisReadStore({ url: REDIS_URL, keyPrefix: prefix });
  const live = await readStore.active();
  let from = '';
  for (;;) {
    const batch = await store.readAll({ from, limit: 500 });
    if (batch.length === 0) break;
    from = batch.at(-1)?.globalPosition as string;
    await live.apply(await projectBatch(live, allProjections, batch), from);
  }
  const liveDump = await live.dump();

  const baselineStarted = performance.now();
  for (let i = 0; i < total; i += 2000) {
    const pipeline = redis.pipeline();
    for (let j = i; j < Math.min(total, i + 2000); j++)
      pipeline.set(`${prefix}-baseline:${j}`, JSON.stringify({ id: j, status: 'indexed', title: `Page ${j}` }));
    await pipeline.exec();
  }
  const baseline = total / ((performance.now() - baselineStarted) / 1000);

  const rates: number[] = [];
  for (let run = 0; run < runs; run++) rates.push((await rebuildAsOperator()).eventsPerSecond);
  const median = [...rates].sort((a, b) => a - b)[Math.floor(rates.length / 2)] as number;
  const rebuilt = await (await readStore.active()).dump();
  console.log(`events                 ${total}`);
  console.log(`rebuild into Redis     ${median} events/s, median of ${runs} runs of npm run projections:rebuild (${rates.join(', ')})`);
  console.log(`                       target 50,000: ${((median / TARGET) * 100).toFixed(0)}%`);
  console.log(`bare pipelined SET     ${baseline.toFixed(0)} docs/s   rebuild/baseline ${((median / baseline) * 100).toFixed(1)}%`);
  console.log(`rebuilt == live        ${isDeepStrictEqual(rebuilt, liveDump)}`);
  await readStore.close();
} finally {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 5000);
    cursor = next;
    if (keys.length > 0) await redis.unlink(...keys);
  } while (cursor !== '0');
  redis.disconnect();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
