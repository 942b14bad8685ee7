import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { appendStatement, openPostgresEventStore } from '../../infrastructure/event-store/postgres.ts';
import { type EventStore, type NewEvent, type RecordedEvent } from '../../ports/event-store.ts';
import { startFaultProxy, type FaultProxy } from '../support/pg-fault-proxy.ts';
import { startPrivatePostgres, type PrivatePostgres } from '../support/private-servers.ts';
import { newEvent, until } from './event-store.contract.ts';

// PostgreSQL stopped and crashed (pg_ctl -m fast and -m immediate) under appends and a subscription,
// on a cluster of this test's own: a crash aborts every transaction still open, including appends
// whose callers never heard back, and a reply lost just before it leaves a commit whose caller cannot
// tell. Nothing acknowledged is lost, a retried append is stored once, and a subscriber delivers
// every stored event exactly once in the final order: its horizon (the oldest transaction still
// running) never passes a transaction whose fate is not yet known. The lost reply and the page cut
// mid-way on a live server are contract cases (event-store.contract.ts), run on every store.

describe('postgres: crashes and restarts under appends and a subscription', () => {
  let server: PrivatePostgres;
  let proxy: FaultProxy;
  let store: EventStore;
  let faulty: EventStore;

  before(async () => {
    server = await startPrivatePostgres();
    proxy = await startFaultProxy(server.url);
    store = await openPostgresEventStore({ connectionString: server.url, pollIntervalMs: 50 });
    faulty = await openPostgresEventStore({ connectionString: proxy.url, pollIntervalMs: 50 });
  });

  after(async () => {
    await Promise.all([faulty?.close(), store?.close()]);
    await proxy?.close();
    await server?.close();
  });

  const watch = (from: string, batchSize = 500) => {
    const seen: RecordedEvent[] = [];
    const subscription = store.subscribe(from, async (events) => void seen.push(...events), { batchSize });
    return { seen, subscription };
  };
  /** The subscriber delivered exactly what the store holds after `from`, each once, in its order. */
  const deliveredExactlyOnce = async (seen: RecordedEvent[], from: string) => {
    const all = await store.readAll({ from, limit: 1_000_000 });
    await until(() => seen.length >= all.length, 30_000);
    await sleep(300);
    assert.deepEqual(
      seen.map((event) => [event.id, event.globalPosition]),
      all.map((event) => [event.id, event.globalPosition]),
      'every stored event delivered once, in the final order',
    );
    return all;
  };

  test('a crash aborts an append still in its transaction; the subscriber never passed it, a lost reply stays stored, retries are stored once', async () => {
    const head = await store.headCheckpoint();
    const watcher = watch(head);
    const slow = new pg.Client({ connectionString: server.url });
    slow.on('error', () => undefined);
    await slow.connect();
    try {
      // An append that has inserted its rows and not committed when the server crashes.
      const open = { stream: `open-${randomUUID()}`, events: [newEvent('Open1'), newEvent('Open2')] };
      await slow.query('BEGIN');
      await slow.query(appendStatement('public')(open.stream, open.events, 'noStream'));
      // Two appends that commit after it began: one answered, one whose reply is lost.
      const answered = { stream: `answered-${randomUUID()}`, events: [newEvent('Answered')] };
      const lost = { stream: `lost-${randomUUID()}`, events: [newEvent('Lost')] };
      await store.append(answered.stream, answered.events, 'noStream');
      proxy.arm({ kind: 'after-insert-complete' });
      await assert.rejects(faulty.append(lost.stream, lost.events, 'noStream'));
      await sleep(300);
      assert.deepEqual(watcher.seen, [], 'nothing passes the open transaction');

      await server.stop('immediate');
      await server.start();

      const ids = async (stream: string) => (await store.readStream(stream)).map((event) => event.id);
      const idsOf = (events: NewEvent[]) => events.map((event) => event.id);
      assert.deepEqual(await ids(open.stream), [], 'the open transaction was aborted by the crash');
      assert.deepEqual(await ids(answered.stream), idsOf(answered.events), 'the answered append survived the crash');
      assert.deepEqual(await ids(lost.stream), idsOf(lost.events), 'the append whose reply was lost committed, and survived the crash');
      // Each caller retries as it must, not knowing what happened: every append ends stored once.
      await store.append(open.stream, open.events, 'noStream');
      await faulty.append(lost.stream, lost.events, 'noStream');
      assert.deepEqual(await ids(open.stream), idsOf(open.events));
      assert.deepEqual(await ids(lost.stream), idsOf(lost.events));
      const all = await deliveredExactlyOnce(watcher.seen, head);
      assert.deepEqual(
        all.map((event) => event.type),
        ['Answered', 'Lost', 'Open1', 'Open2'],
      );
    } finally {
      await watcher.subscription.stop();
      await slow.end().catch(() => undefined);
    }
  });

  test('appenders and a subscriber through two crashes and a fast restart: acknowledged appends stored once, retries recognised, every event delivered once in order', async () => {
    const head = await store.headCheckpoint();
    const watcher = watch(head, 50);
    const writers = 4;
    let running = true;
    let failedAttempts = 0;
    const written = new Map<string, string[]>();
    const appender = async (writer: number) => {
      const stream = `load-${writer}-${randomUUID()}`;
      const ids: string[] = [];
      written.set(stream, ids);
      // Half the writers go through the proxy, whose connections the restarts break as well.
      const through = writer % 2 === 0 ? store : faulty;
      for (let version = -1; running; version += 3) {
        const events = [newEvent('L'), newEvent('L'), newEvent('L')];
        // Retried with the same ids and expectation until answered, as a caller that cannot tell
        // whether its append was stored does.
        for (;;) {
          try {
            const result = await through.append(stream, events, version === -1 ? 'noStream' : version);
            assert.equal(result.nextExpectedVersion, version + 3);
            break;
          } catch (error) {
            if (error instanceof assert.AssertionError) throw error;
            failedAttempts++;
            await sleep(50);
          }
        }
        ids.push(...events.map((event) => event.id));
      }
    };
    const load = Promise.all(Array.from({ length: writers }, (_, writer) => appender(writer)));
    try {
      for (const mode of ['immediate', 'fast', 'immediate'] as const) {
        await sleep(700);
        await server.stop(mode);
        await sleep(200);
        await server.start();
      }
      await sleep(700);
    } finally {
      running = false;
      await load;
    }
    try {
      assert.ok(failedAttempts > 0, 'some appends failed while the server was down, and were retried');
      for (const [stream, ids] of written) {
        const stored = await store.readStream(stream);
        assert.deepEqual(
          stored.map((event) => event.id),
          ids,
          `${stream}: every acknowledged append once, nothing else`,
        );
      }
      const all = await deliveredExactlyOnce(watcher.seen, head);
      assert.equal(new Set(all.map((event) => event.id)).size, all.length, 'no event stored twice');
      assert.equal(
        all.length,
        [...written.values()].reduce((sum, ids) => sum + ids.length, 0),
      );
    } finally {
      await watcher.subscription.stop();
    }
  });
});
