import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { openSqliteEventStore } from '../infrastructure/event-store/sqlite.ts';
import { openRedisReadStore } from '../infrastructure/read-store/redis.ts';
import { allProjections } from '../projections/index.ts';
import { projectBatch } from '../projections/projector.ts';
import { rebuildReadModels } from '../projections/rebuild.ts';
import { seedEvents } from '../test/support/seed-events.ts';

// Rebuild of the read models into Redis over ~100k real domain events (organizations, sources
// ingested, claimed, indexed or failed, some deleted), vs a bare pipelined SET of as many documents
// in the same run; then checks the rebuilt models equal the ones built live.
// Run: node bench/projection-rebuild.ts [organizations=3000]

const organizations = Number(process.argv[2] ?? 3000);
const dir = mkdtempSync(join(tmpdir(), 'lcs-bench-rebuild-'));
const store = openSqliteEventStore({ path: join(dir, 'events.sqlite') });
const prefix = `bench-rebuild-${randomBytes(4).toString('hex')}`;
const redis = new Redis();
try {
  console.log(`seeding ${organizations} organizations...`);
  await seedEvents(store, { organizations, sourcesPerOrganization: 10, concurrency: 1 });
  const total = (await store.readAll({ limit: 10_000_000 })).length;

  // Live: the projector path, batch after batch, into version 1.
  const readStore = await openRedisReadStore({ url: 'redis://127.0.0.1:6379', keyPrefix: prefix });
  const live = await readStore.active();
  let from = '';
  for (;;) {
    const batch = await store.readAll({ from, limit: 500 });
    if (batch.length === 0) break;
    from = batch.at(-1)?.globalPosition as string;
    await live.apply(await projectBatch(live, allProjections, batch), from);
  }
  const liveDump = JSON.stringify(sortDeep(await live.dump()));

  const baselineStarted = performance.now();
  for (let i = 0; i < total; i += 2000) {
    const pipeline = redis.pipeline();
    for (let j = i; j < Math.min(total, i + 2000); j++) pipeline.set(`${prefix}-baseline:${j}`, JSON.stringify({ id: j, status: 'indexed', title: `Page ${j}` }));
    await pipeline.exec();
  }
  const baseline = total / ((performance.now() - baselineStarted) / 1000);

  const stats = await rebuildReadModels({ eventStore: store, readStore, projections: allProjections, dropDelayMs: 0 });
  const rebuilt = JSON.stringify(sortDeep(await (await readStore.active()).dump()));
  console.log(`events                 ${total}`);
  console.log(`rebuild into Redis     ${stats.eventsPerSecond} events/s (${stats.seconds.toFixed(1)} s)   target 50,000: ${((stats.eventsPerSecond / 50_000) * 100).toFixed(0)}%`);
  console.log(`bare pipelined SET     ${baseline.toFixed(0)} docs/s   rebuild/baseline ${((stats.eventsPerSecond / baseline) * 100).toFixed(1)}%`);
  console.log(`rebuilt == live        ${rebuilt === liveDump}`);
  await readStore.close();
} finally {
  const keys = await redis.keys(`${prefix}*`);
  for (let i = 0; i < keys.length; i += 5000) await redis.unlink(...keys.slice(i, i + 5000));
  redis.disconnect();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}

function sortDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortDeep);
  if (value && typeof value === 'object') return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortDeep((value as Record<string, unknown>)[key])]));
  return value;
}
