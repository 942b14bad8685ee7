import { sourceStreamName } from '../../domain/source.ts';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import type { EventStore } from '../../ports/event-store.ts';
import { openPostgresEventStore } from '../../infrastructure/event-store/postgres.ts';
import { openRedisReadStore } from '../../infrastructure/read-store/redis.ts';
import { allProjections } from '../../projections/index.ts';
import { projectBatch } from '../../projections/projector.ts';
import { listPendingJobs } from '../../projections/work-queue.ts';
import { getSource } from '../../projections/sources.ts';
import { spawnService, type ServiceProcess } from '../support/processes.ts';
import { startPrivatePostgres, startPrivateRedis, type PrivatePostgres, type PrivateRedis } from '../support/private-servers.ts';
import { startFaultProxy, type FaultProxy } from '../support/pg-fault-proxy.ts';

// Fault suite: under a steady load of ingestions, each role is killed with SIGKILL and restarted,
// then Redis and PostgreSQL themselves are stopped (cleanly, and as a crash) and restarted.
// Afterwards every acknowledged write is in the event store exactly once, every accepted source ends
// indexed or failed, and the read models equal a fresh rebuild from the events. The servers are the
// suite's own (a private cluster and redis-server on free ports): other suites keep using the
// machine's while these stop and crash. The projector and the second api process reach PostgreSQL
// through a proxy that can lose an append's reply after its commit or cut a page of events mid-way.

/** What differs between the live and the rebuilt documents of a collection, short enough to read in a failure. */
function differences(collection: string, live: Record<string, unknown>, rebuilt: Record<string, unknown>) {
  const ids = [...new Set([...Object.keys(live), ...Object.keys(rebuilt)])].filter((id) => !isDeepStrictEqual(live[id], rebuilt[id]));
  const shown = ids.slice(0, 3).map((id) => `  ${id}\n    live:    ${JSON.stringify(live[id])}\n    rebuilt: ${JSON.stringify(rebuilt[id])}`);
  return `${collection}: ${Object.keys(live).length} live documents, ${Object.keys(rebuilt).length} rebuilt, ${ids.length} differ\n${shown.join('\n')}`;
}

describe('faults under load: every role killed, the servers stopped and crashed, replies lost (postgres + redis)', () => {
  const suffix = randomBytes(4).toString('hex');
  const schema = `fault_${suffix}`;
  const prefix = `lcs-fault-${suffix}`;
  const adminKey = `admin-${randomBytes(16).toString('hex')}`;
  let dir: string;
  let env: Record<string, string>;
  let postgres: PrivatePostgres;
  let redis: PrivateRedis;
  let proxy: FaultProxy;
  const roles: Record<'api1' | 'api2' | 'projector' | 'worker', ServiceProcess | null> = { api1: null, api2: null, projector: null, worker: null };

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lcs-fault-'));
    [postgres, redis] = await Promise.all([startPrivatePostgres(), startPrivateRedis()]);
    proxy = await startFaultProxy(postgres.url);
    env = {
      EVENT_STORE: 'postgres',
      DATABASE_URL: postgres.url,
      POSTGRES_SCHEMA: schema,
      READ_STORE: 'redis',
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: prefix,
      BLOB_DIR: join(dir, 'blobs'),
      UPLOAD_SIGNING_SECRET: randomBytes(24).toString('hex'),
      WEBHOOK_SIGNING_KEY: randomBytes(24).toString('hex'),
      ADMIN_KEY: adminKey,
      DATA_DIR: dir,
      PORT: '0',
      LEASE_SECONDS: '10',
      WORKER_SCAN_SECONDS: '1',
      READ_YOUR_WRITES_TIMEOUT_MS: '3000',
      RATE_LIMIT_PER_MINUTE: '100000',
    };
    for (const role of ['projector', 'worker', 'api1', 'api2'] as const) roles[role] = await spawnRole(role);
  });

  after(async () => {
    await Promise.all(Object.values(roles).map((p) => p?.stop()));
    await proxy?.close();
    await Promise.all([postgres?.close(), redis?.close(), rm(dir, { recursive: true, force: true })]);
  });

  const spawnRole = (role: keyof typeof roles) =>
    spawnService({
      ...env,
      ROLE: role.startsWith('api') ? 'api' : role,
      ...(role === 'projector' || role === 'api2' ? { DATABASE_URL: proxy.url } : {}),
    });

  /** Ingests a small text file with an Idempotency-Key; the new source's id, or null for any answer but 200 or 202. */
  const ingest = async (url: string, apiKey: string, key: string, text: string) => {
    const form = new FormData();
    form.append('source', JSON.stringify({ sourceType: 'file' }));
    form.append('file', new Blob([text]), `${key}.txt`);
    const response = await fetch(`${url}/v1/ingestSource`, { method: 'POST', headers: { 'x-api-key': apiKey, 'idempotency-key': key }, body: form });
    if (response.status === 200 || response.status === 202) return ((await response.json()) as { data: { id: string } }).data.id;
    await response.body?.cancel();
    return null;
  };

  /** Retries a request that got no 2xx with its key until it is answered, as a client would; its source's id. */
  const retried = async (apiKey: string, key: string, text: string) => {
    for (let attempt = 0; ; attempt++) {
      // A key its killed api process had reserved is free again after 30 s.
      if (attempt > 250) throw new Error(`the request with Idempotency-Key ${key} never succeeded`);
      const id = await ingest((roles.api1 ?? roles.api2)?.url as string, apiKey, key, text).catch(() => null);
      if (id) return id;
      await sleep(250);
    }
  };

  /**
   * Runs ingestion load through both api processes while `disrupt` runs, each request with an
   * Idempotency-Key. A request that got no 2xx (an error, a timeout, a restart) is retried afterwards
   * with its key, as a client would: its write may have landed, and the retry must then meet that
   * very source, never make a second. Returns the acknowledged source ids, one per request.
   */
  async function underLoad(apiKey: string, disrupt: () => Promise<void>) {
    const acknowledged = new Map<string, string>();
    const unanswered: { key: string; text: string }[] = [];
    let running = true;
    const client = async (which: 'api1' | 'api2') => {
      for (let i = 0; running; i++) {
        const url = roles[which]?.url;
        if (!url) {
          await sleep(50);
          continue;
        }
        const key = `fault-${which}-${i}-${randomBytes(3).toString('hex')}`;
        const text = `Fact ${which}-${i}: a moraine is rock debris left by a glacier.`;
        const id = await ingest(url, apiKey, key, text).catch(() => null);
        if (id) acknowledged.set(key, id);
        else {
          unanswered.push({ key, text });
          await sleep(20);
        }
      }
    };
    const load = Promise.all([client('api1'), client('api2')]);
    await disrupt();
    await sleep(700);
    running = false;
    await load;
    for (const { key, text } of unanswered) acknowledged.set(key, await retried(apiKey, key, text));
    return { ids: [...acknowledged.values()], retried: unanswered.length };
  }

  /** Every acknowledged source is stored once and settles; the read models equal a fresh rebuild. */
  async function verify(organizationId: string, load: { ids: string[]; retried: number }) {
    const acknowledged = load.ids;
    const store: EventStore = await openPostgresEventStore({ connectionString: postgres.url, schema });
    const readStore = await openRedisReadStore({ url: redis.url, keyPrefix: prefix });
    try {
      for (const id of acknowledged) {
        const events = await store.readStream(sourceStreamName(id));
        assert.equal(events.filter((e) => e.type === 'SourceIngested').length, 1, `source ${id} was acknowledged and is stored once`);
      }
      // Every request ended acknowledged (after its retries), and none stored a second source: the
      // organization holds exactly one source per request, including those whose first answer was an error.
      const ingested = (await store.readAll({ limit: 1_000_000 })).filter(
        (event) => event.type === 'SourceIngested' && event.metadata.organizationId === organizationId,
      );
      assert.equal(new Set(acknowledged).size, acknowledged.length, 'one source id per request');
      assert.equal(ingested.length, acknowledged.length, `one stored source per request (${load.retried} requests were retried with their key)`);
      const unsettled = async () => {
        const statuses: string[] = [];
        for (const id of acknowledged) {
          const doc = await getSource(await readStore.active(), id);
          if (!doc || !['indexed', 'failed'].includes(String(doc['status']))) statuses.push(String(doc?.['status'] ?? 'missing'));
        }
        return statuses;
      };
      // A loaded machine indexes slowly (about one source a second on two busy cores); what must not
      // happen is that indexing stops. So the wait fails when no source has settled for a minute
      // (or after ten minutes in all), not at a fixed time.
      const started = Date.now();
      let progressed = started;
      for (let left = await unsettled(); left.length > 0;) {
        await sleep(250);
        const now = await unsettled();
        if (now.length < left.length) progressed = Date.now();
        left = now;
        if (left.length > 0 && (Date.now() - progressed > 60_000 || Date.now() - started > 600_000))
          throw new Error(
            `${left.length} accepted sources did not end indexed or failed (${[...new Set(left)].join(', ')}); none settled in the last ${Math.round((Date.now() - progressed) / 1000)} s; the worker said:\n${roles.worker?.output().slice(-4000)}`,
          );
      }
      for (const id of acknowledged) {
        const events = await store.readStream(sourceStreamName(id));
        assert.ok(events.filter((e) => e.type === 'SourceIndexed').length <= 1, 'indexed at most once');
      }
      // A request that failed during a restart may still have stored its source, which nobody above
      // waits for: compare only once no work is pending and no event has arrived for a second, so both
      // sides hold the same events.
      let head = await store.headCheckpoint();
      for (const deadline = Date.now() + 120_000; ;) {
        if (Date.now() > deadline) throw new Error('the service did not become idle');
        await sleep(1000);
        const pending = await listPendingJobs(await readStore.active(), { limit: 1 });
        const now = await store.headCheckpoint();
        if (pending.jobs.length === 0 && now === head && (await (await readStore.active()).checkpoint()) >= head) break;
        head = now;
      }
      const fresh = await openRedisReadStore({ url: redis.url, keyPrefix: `${prefix}-fresh-${randomBytes(3).toString('hex')}` });
      const space = fresh.space(1);
      let from = '';
      for (;;) {
        const batch = await store.readAll({ from, limit: 1000 });
        if (batch.length === 0) break;
        from = batch.at(-1)?.globalPosition as string;
        await space.apply(await projectBatch(space, allProjections, batch), from);
      }
      const live = await (await readStore.active()).dump();
      const rebuilt = await space.dump();
      assert.equal(await store.headCheckpoint(), head, 'no event arrived while comparing');
      await fresh.drop(1).catch(() => undefined);
      await fresh.close();
      assert.deepEqual(Object.keys(live).sort(), Object.keys(rebuilt).sort());
      for (const collection of Object.keys(live))
        assert.deepEqual(live[collection], rebuilt[collection], differences(collection, live[collection] ?? {}, rebuilt[collection] ?? {}));
    } finally {
      await readStore.close();
      await store.close();
    }
  }

  const organizationKey = async () => {
    for (;;) {
      const created = await fetch(`${roles.api1?.url}/v1/createOrganization`, {
        method: 'POST',
        headers: { 'admin-key': adminKey, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Faults', url: 'https://faults.example' }),
      });
      if (created.status === 201) {
        const { apiKey } = (await created.json()) as { apiKey: { apiKey: string; organizationId: string } };
        return { apiKey: apiKey.apiKey, organizationId: apiKey.organizationId };
      }
      await sleep(200);
    }
  };

  test("an ingestion whose append committed but whose reply was lost, and a projector's page cut mid-way: the retry meets the stored source, read models equal a rebuild", async () => {
    const { apiKey, organizationId } = await organizationKey();
    const ids: string[] = [];
    // The ambiguous commit: the api process's append reaches the server and commits, and the
    // connection drops before the reply comes back. The client gets an error and retries with its key.
    const key = `lost-reply-${randomBytes(3).toString('hex')}`;
    const text = 'A drumlin is an elongated hill shaped by glacial ice.';
    let cuts = proxy.cuts();
    proxy.arm({ kind: 'after-insert-complete' });
    assert.equal(await ingest(roles.api2?.url as string, apiKey, key, text), null, 'the request whose reply was lost is not acknowledged');
    assert.equal(proxy.cuts(), cuts + 1, 'the connection was cut after the commit');
    ids.push(await retried(apiKey, key, text));
    // A burst of ingestions, with the projector's next page of more than one event cut after its first.
    cuts = proxy.cuts();
    proxy.arm({ kind: 'after-rows', rows: 1 });
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => {
        const key = `burst-${i}-${randomBytes(3).toString('hex')}`;
        const text = `Fact ${i}: an esker is a ridge of sand left by a glacial stream.`;
        return ingest(roles.api1?.url as string, apiKey, key, text).then((id) => id ?? retried(apiKey, key, text));
      }),
    );
    ids.push(...burst);
    for (let waited = 0; proxy.cuts() === cuts; waited += 100) {
      if (waited > 20_000) throw new Error('the projector never read a page of more than one event through the proxy');
      await sleep(100);
    }
    await verify(organizationId, { ids, retried: 1 });
  });

  test('kill -9 of worker, projector and an api process: acknowledged writes survive once, read models equal a rebuild', async () => {
    const { apiKey, organizationId } = await organizationKey();
    const restart = async (role: keyof typeof roles) => {
      await sleep(700);
      await roles[role]?.stop('SIGKILL');
      roles[role] = null;
      await sleep(300);
      roles[role] = await spawnRole(role);
    };
    const load = await underLoad(apiKey, async () => {
      await restart('worker');
      await restart('projector');
      await restart('api2');
    });
    assert.ok(load.ids.length > 20, `only ${load.ids.length} writes were acknowledged`);
    await verify(organizationId, load);
  });

  test('Redis shut down and PostgreSQL stopped (pg_ctl -m fast), each restarted under load: nothing acknowledged is lost, read models recover', async () => {
    const { apiKey, organizationId } = await organizationKey();
    const load = await underLoad(apiKey, async () => {
      await sleep(800);
      // Redis keeps nothing on disk here: the read models are lost and must be rebuilt by the projector.
      await redis.stop('shutdown');
      await sleep(500);
      await redis.start();
      await sleep(800);
      await postgres.stop('fast');
      await sleep(300);
      await postgres.start();
    });
    assert.ok(load.ids.length > 10, `only ${load.ids.length} writes were acknowledged`);
    await verify(organizationId, load);
  });

  test('PostgreSQL crashed (pg_ctl -m immediate) twice and Redis killed (SIGKILL) under load: transactions in flight are aborted, nothing acknowledged is lost', async () => {
    const { apiKey, organizationId } = await organizationKey();
    const load = await underLoad(apiKey, async () => {
      for (let crash = 0; crash < 2; crash++) {
        await sleep(800);
        // Every server process ends at once, mid-transaction: the restart recovers from the WAL and
        // aborts whatever was still open, including appends whose callers never heard back.
        await postgres.stop('immediate');
        await sleep(300);
        await postgres.start();
      }
      await sleep(500);
      await redis.stop('kill');
      await sleep(300);
      await redis.start();
    });
    assert.ok(load.ids.length > 10, `only ${load.ids.length} writes were acknowledged`);
    await verify(organizationId, load);
  });
});
