import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import type { EventStore } from '../../ports/event-store.ts';
import { openPostgresEventStore } from '../../infrastructure/event-store/postgres.ts';
import { openRedisReadStore } from '../../infrastructure/read-store/redis.ts';
import { allProjections } from '../../projections/index.ts';
import { projectBatch, startProjector } from '../../projections/projector.ts';
import { rebuildReadModels } from '../../projections/rebuild.ts';
import type { ReadStore } from '../../ports/read-store.ts';
import { spawnService, type ServiceProcess } from '../support/processes.ts';
import { seedEvents } from '../support/seed-events.ts';

// The projector is killed (SIGKILL) in the middle of a stream of events and restarted: the read
// models end equal to a fresh rebuild: nothing lost, nothing applied twice (the organization feed
// numbers every event, so a double application would show).

const DATABASE = 'postgres://postgres@127.0.0.1:5432/test';
const REDIS = 'redis://127.0.0.1:6379';

async function freshDump(eventStore: EventStore, prefix: string) {
  const store = await openRedisReadStore({ url: REDIS, keyPrefix: prefix });
  const space = store.space(1);
  let from = '';
  for (;;) {
    const batch = await eventStore.readAll({ from, limit: 1000 });
    if (batch.length === 0) break;
    from = batch.at(-1)?.globalPosition as string;
    await space.apply(await projectBatch(space, allProjections, batch), from);
  }
  const dump = await space.dump();
  await store.close();
  return dump;
}

/** The documents that differ between two dumps, as "collection/id" (empty when equal). */
function differences(a: Record<string, Record<string, unknown>>, b: Record<string, Record<string, unknown>>): string[] {
  const found: string[] = [];
  for (const collection of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const left = a[collection] ?? {};
    const right = b[collection] ?? {};
    for (const id of new Set([...Object.keys(left), ...Object.keys(right)])) {
      if (JSON.stringify(left[id]) !== JSON.stringify(right[id]))
        found.push(`${collection}/${id}: ${JSON.stringify(left[id])} vs ${JSON.stringify(right[id])}`);
    }
  }
  return found;
}

async function caughtUp(eventStore: EventStore, readStore: ReadStore, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  const head = await eventStore.headCheckpoint();
  while ((await (await readStore.active()).checkpoint()) < head) {
    if (Date.now() > deadline) throw new Error('the projector did not catch up');
    await sleep(50);
  }
}

describe('projector crash and rebuild (postgres + redis)', () => {
  const suffix = randomBytes(4).toString('hex');
  const schema = `projector_${suffix}`;
  const prefix = `lcs-projector-${suffix}`;
  let eventStore: EventStore;
  let readStore: ReadStore;
  const env = {
    EVENT_STORE: 'postgres',
    DATABASE_URL: DATABASE,
    POSTGRES_SCHEMA: schema,
    READ_STORE: 'redis',
    REDIS_KEY_PREFIX: prefix,
    ROLE: 'projector',
    PORT: '0',
    ADMIN_KEY: 'projector-test-admin-key-0123456789abcdef',
  };

  before(async () => {
    eventStore = await openPostgresEventStore({ connectionString: DATABASE, schema });
    readStore = await openRedisReadStore({ url: REDIS, keyPrefix: prefix });
  });
  after(async () => {
    await readStore.close();
    await eventStore.close();
    const client = new pg.Client({ connectionString: DATABASE });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
    const redis = new Redis(REDIS);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  test('kill -9 mid-stream, restart: read models equal a fresh rebuild', async () => {
    let projector: ServiceProcess = await spawnService(env);
    const seeding = seedEvents(eventStore, { organizations: 60, sourcesPerOrganization: 8 });
    // Kill while events are still arriving and the projector is mid-way.
    for (let i = 0; i < 200 && (await (await readStore.active()).checkpoint()) === ''; i++) await sleep(20);
    await sleep(150);
    await projector.stop('SIGKILL');
    const atKill = await (await readStore.active()).checkpoint();
    await seeding;
    assert.ok(atKill < (await eventStore.headCheckpoint()), 'the kill happened before the projector had seen everything');
    projector = await spawnService(env);
    try {
      await caughtUp(eventStore, readStore);
    } finally {
      await projector.stop();
    }
    const live = await (await readStore.active()).dump();
    assert.deepEqual(differences(live, await freshDump(eventStore, `${prefix}-fresh`)).slice(0, 5), []);
    assert.ok(Object.keys(live['sources'] ?? {}).length > 300);
  });

  test('two projectors at once, and a rebuild switching versions under them: every event applied once, no stray keys', async () => {
    const logger = pino({ level: 'silent' });
    const projectors = [
      await startProjector({ eventStore, readStore, projections: allProjections, logger, batchSize: 7 }),
      await startProjector({ eventStore, readStore, projections: allProjections, logger, batchSize: 11 }),
    ];
    try {
      const seeding = seedEvents(eventStore, { organizations: 40, sourcesPerOrganization: 6 });
      await sleep(300);
      const stats = await rebuildReadModels({ eventStore, readStore, projections: allProjections, dropDelayMs: 300 });
      await seeding;
      await caughtUp(eventStore, readStore);
      // Both projectors follow the new version: nothing written to the retired one after its drop.
      await sleep(1500);
      const redis = new Redis(REDIS);
      try {
        assert.deepEqual(await redis.keys(`${prefix}:v${stats.previousVersion}:*`), [], 'no writes to the retired version');
      } finally {
        redis.disconnect();
      }
      assert.deepEqual(differences(await (await readStore.active()).dump(), await freshDump(eventStore, `${prefix}-fresh3`)).slice(0, 5), []);
    } finally {
      await Promise.all(projectors.map((projector) => projector.stop()));
    }
  });

  test('a blue/green rebuild while the live projector runs leaves identical read models, and reads keep working', async () => {
    const projector = await startProjector({ eventStore, readStore, projections: allProjections, logger: pino({ level: 'silent' }) });
    try {
      await caughtUp(eventStore, readStore);
      const before = await (await readStore.active()).dump();
      const someSource = Object.keys(before['sources'] ?? {})[0] as string;
      let readsDuringRebuild = 0;
      let failedReads = 0;
      let rebuilding = true;
      const reading = (async () => {
        while (rebuilding) {
          if (await (await readStore.active()).get('sources', someSource)) readsDuringRebuild++;
          else failedReads++;
          await sleep(5);
        }
      })();
      const stats = await rebuildReadModels({ eventStore, readStore, projections: allProjections, batchSize: 500, dropDelayMs: 500 });
      rebuilding = false;
      await reading;
      assert.equal(stats.version, stats.previousVersion + 1);
      assert.equal(failedReads, 0, 'reads never missed during the rebuild and switch');
      assert.ok(readsDuringRebuild > 0);
      await seedEvents(eventStore, { organizations: 3, sourcesPerOrganization: 2 });
      await caughtUp(eventStore, readStore);
      assert.equal((await readStore.active()).version, stats.version, 'the live projector follows the new version');
      assert.deepEqual(differences(await (await readStore.active()).dump(), await freshDump(eventStore, `${prefix}-fresh2`)).slice(0, 5), []);
    } finally {
      await projector.stop();
    }
  });
});
