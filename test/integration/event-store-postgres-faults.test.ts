import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPostgresEventStore } from '../../infrastructure/event-store/postgres.ts';
import { START, type EventStore, type RecordedEvent } from '../../ports/event-store.ts';
import { startFaultProxy, type FaultProxy } from '../support/pg-fault-proxy.ts';
import { newEvent, until } from './event-store.contract.ts';

// Faults made deterministically with a proxy between the adapter and PostgreSQL (issue 15): the
// reply of a committed append is lost, and a subscription's connection drops in the middle of a
// page. An append whose reply was lost is stored once and its retry recognised; a subscriber
// delivers every stored event exactly once, in the store's final order.

const DATABASE = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';

describe('postgres: lost replies and dropped connections, on purpose', () => {
  const schema = `es_faults_${randomBytes(4).toString('hex')}`;
  let proxy: FaultProxy;
  let direct: EventStore;
  let faulty: EventStore;

  before(async () => {
    const url = new URL(DATABASE);
    proxy = await startFaultProxy({ host: url.hostname, port: Number(url.port || 5432) }, url.pathname.slice(1));
    direct = await openPostgresEventStore({ connectionString: DATABASE, schema, pollIntervalMs: 50 });
    faulty = await openPostgresEventStore({ connectionString: proxy.url, schema, pollIntervalMs: 50 });
  });

  after(async () => {
    await faulty.close();
    await direct.close();
    await proxy.close();
    const client = new pg.Client({ connectionString: DATABASE });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  });

  test('an append whose reply was lost after its commit is stored once, and its retry is recognised', async () => {
    const events = [newEvent('LessonPlanned'), newEvent('LessonTaught')];
    proxy.arm({ kind: 'after-insert-complete' });
    await assert.rejects(faulty.append('lesson-lost-reply', events, 'noStream'));
    assert.equal(proxy.cuts(), 1, 'the connection was cut after the INSERT completed');
    assert.equal((await direct.readStream('lesson-lost-reply')).length, 2, 'the append committed although its reply was lost');
    const retried = await faulty.append('lesson-lost-reply', events, 'noStream');
    assert.equal(retried.nextExpectedVersion, 1);
    const stored = await direct.readStream('lesson-lost-reply');
    assert.deepEqual(
      stored.map((event) => event.id),
      events.map((event) => event.id),
    );
    assert.equal(retried.lastCheckpoint, (stored.at(-1) as RecordedEvent).globalPosition);
  });

  test('a subscription whose connection drops mid-page delivers every event once, in the final order', async () => {
    const stream = 'lesson-many';
    await direct.append(
      stream,
      Array.from({ length: 300 }, (_, i) => newEvent(`Step${i}`)),
      'noStream',
    );
    const seen: RecordedEvent[] = [];
    const subscription = faulty.subscribe(START, async (batch) => void seen.push(...batch), { batchSize: 200 });
    proxy.arm({ kind: 'after-rows', rows: 120 });
    try {
      const all = await direct.readAll({ limit: 10_000 });
      await until(() => seen.length >= all.length, 20_000);
      assert.ok(proxy.cuts() >= 2, 'a page was cut mid-way');
      assert.deepEqual(
        seen.map((event) => event.globalPosition),
        all.map((event) => event.globalPosition),
        'exactly once, in order',
      );
    } finally {
      await subscription.stop();
    }
  });
});
