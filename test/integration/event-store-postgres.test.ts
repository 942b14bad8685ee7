import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { START, type EventStore, type RecordedEvent } from '../../ports/event-store.ts';
import { appendStatement, openPostgresEventStore } from '../../infrastructure/event-store/postgres.ts';
import { startFaultProxy } from '../support/pg-fault-proxy.ts';
import { eventStoreContract, newEvent, until, type FaultyStore } from './event-store.contract.ts';

const DATABASE = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const schemas: string[] = [];
const newSchema = () => {
  const schema = `es_test_${randomBytes(4).toString('hex')}`;
  schemas.push(schema);
  return schema;
};
const open = (schema = newSchema(), pollIntervalMs = 100) => openPostgresEventStore({ connectionString: DATABASE, schema, pollIntervalMs });

after(async () => {
  const client = new pg.Client({ connectionString: DATABASE });
  await client.connect();
  for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
});

/** The store and, on the same schema, one behind a proxy that cuts its connections at exact points of the wire protocol. */
async function faultyPair(): Promise<FaultyStore> {
  const schema = newSchema();
  const proxy = await startFaultProxy(DATABASE);
  const store = await open(schema, 50);
  const faulty = await openPostgresEventStore({ connectionString: proxy.url, schema, pollIntervalMs: 50 });
  return {
    store,
    faulty,
    loseNextAppendReply: () => proxy.arm({ kind: 'after-insert-complete' }),
    dropNextPageAfter: (rows) => proxy.arm({ kind: 'after-rows', rows }),
    injected: () => proxy.cuts(),
    async close() {
      await Promise.all([faulty.close(), store.close()]);
      await proxy.close();
    },
  };
}

eventStoreContract('postgres', () => open(), { faults: { open: faultyPair } });

describe('postgres: global order with transactions committed out of order', () => {
  // "insert first": the slow transaction also inserts before the fast one, so it is first in both
  // transaction id and position. "id first": it takes its transaction id first but inserts after the
  // fast append committed, so ordering by position alone would put it after an event a subscriber
  // has already checkpointed, and skip it.
  for (const variant of ['insert first', 'id first'] as const) {
    test(`a slow transaction that began first is not skipped (${variant})`, async () => {
      const schema = newSchema();
      const store = await open(schema);
      const slow = new pg.Client({ connectionString: DATABASE });
      await slow.connect();
      const seen: RecordedEvent[] = [];
      const subscription = store.subscribe(START, async (events) => {
        seen.push(...events);
      });
      try {
        const slowStream = `slow-${randomUUID()}`;
        const slowAppend = appendStatement(schema)(slowStream, [newEvent('Slow')], 'noStream');
        await slow.query('BEGIN');
        await slow.query(variant === 'insert first' ? slowAppend : 'SELECT pg_current_xact_id()');

        const fast = await store.append(`fast-${randomUUID()}`, [newEvent('Fast')], 'noStream');
        await sleep(400);
        assert.equal(seen.length, 0, 'the fast event waits while an older transaction is open');
        assert.deepEqual(await store.readAll(), []);
        assert.equal(await store.headCheckpoint(), START);

        if (variant === 'id first') await slow.query(slowAppend);
        await slow.query('COMMIT');
        await until(() => seen.length >= 2);
        await sleep(300);
        assert.deepEqual(
          seen.map((e) => e.type),
          ['Slow', 'Fast'],
          'both, each once, the older transaction first',
        );
        assert.ok((seen[0] as RecordedEvent).globalPosition < (seen[1] as RecordedEvent).globalPosition, 'checkpoints strictly increase');
        assert.equal((seen[1] as RecordedEvent).globalPosition, fast.lastCheckpoint);
        assert.deepEqual(
          (await store.readAll()).map((e) => e.type),
          ['Slow', 'Fast'],
        );
      } finally {
        await subscription.stop();
        await slow.query('ROLLBACK').catch(() => undefined);
        await slow.end();
        await store.close();
      }
    });
  }
});

describe('postgres: order across transaction ids of different lengths', () => {
  // Transaction 1000000 follows 999999 (ordered as text it would come first): a reader that pages
  // across such a boundary, which every server crosses as its ids grow, must not skip either side.
  test('readAll, paging, the head and a subscription order transaction ids as numbers', async () => {
    const schema = newSchema();
    const store = await open(schema);
    const client = new pg.Client({ connectionString: DATABASE });
    await client.connect();
    try {
      // A new server starts below the ids written below: each autocommit call takes a transaction id.
      const currentId = async () =>
        BigInt(((await client.query<{ current: string }>('SELECT pg_current_xact_id()::text AS current')).rows[0] as { current: string }).current);
      while ((await currentId()) <= 1000n);
      // Rows as the long-finished transactions 9, 10, 99 and 100 would have written them.
      for (const id of ['100', '99', '10', '9']) {
        await client.query(
          `INSERT INTO "${schema}".events (transaction_id, stream_name, stream_position, event_id, type, data, metadata) VALUES ($1::xid8, $2, 0, $3, $4, '{}', '{}')`,
          [id, `stream-${id}`, randomUUID(), `T${id}`],
        );
      }
      const expected = ['T9', 'T10', 'T99', 'T100'];
      const all = await store.readAll();
      assert.deepEqual(
        all.map((e) => e.type),
        expected,
      );
      const paged: RecordedEvent[] = [];
      for (let from = START; ;) {
        const [next] = await store.readAll({ from, limit: 1 });
        if (!next) break;
        paged.push(next);
        from = next.globalPosition;
      }
      assert.deepEqual(
        paged.map((e) => e.type),
        expected,
      );
      assert.equal(await store.headCheckpoint(), (all.at(-1) as RecordedEvent).globalPosition);
      const seen: RecordedEvent[] = [];
      const subscription = store.subscribe(
        START,
        async (events) => {
          seen.push(...events);
        },
        { batchSize: 1 },
      );
      await until(() => seen.length >= 4);
      await subscription.stop();
      assert.deepEqual(
        seen.map((e) => e.type),
        expected,
      );
    } finally {
      await client.end();
      await store.close();
    }
  });
});

describe('postgres: subscribers are woken by NOTIFY', () => {
  const openPair = async () => {
    const schema = newSchema();
    // The subscriber's store would poll only once a minute: a prompt delivery must come from NOTIFY.
    return { schema, writer: await open(schema), reader: await open(schema, 60_000) };
  };
  const seenWithin = async (reader: EventStore, writer: EventStore, ms: number) => {
    const seen: RecordedEvent[] = [];
    const subscription = reader.subscribe(await reader.headCheckpoint(), async (events) => {
      seen.push(...events);
    });
    try {
      await sleep(50);
      await writer.append(`woken-${randomUUID()}`, [newEvent('Woken')], 'noStream');
      await until(() => seen.length === 1, ms);
    } finally {
      await subscription.stop();
    }
  };

  test('an append through another store (another process) wakes a subscriber', async () => {
    const { writer, reader } = await openPair();
    try {
      await seenWithin(reader, writer, 2000);
    } finally {
      await Promise.all([writer.close(), reader.close()]);
    }
  });

  test('the listener reconnects after its connection is killed', async () => {
    const { schema, writer, reader } = await openPair();
    const admin = new pg.Client({ connectionString: DATABASE });
    await admin.connect();
    try {
      const killed = await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = $1`, [`LISTEN lcs_events_${schema}`]);
      assert.equal(killed.rowCount, 2, 'both stores listen');
      await sleep(1500);
      await seenWithin(reader, writer, 3000);
    } finally {
      await admin.end();
      await Promise.all([writer.close(), reader.close()]);
    }
  });
});
