import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { RecordedEvent } from '../../commands/event-store.ts';
import { openPostgresEventStore } from '../../infrastructure/event-store/postgres.ts';
import { eventStoreContract, newEvent } from './event-store.contract.ts';

const DATABASE = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const schemas: string[] = [];
const open = () => {
  const schema = `es_test_${randomBytes(4).toString('hex')}`;
  schemas.push(schema);
  return openPostgresEventStore({ connectionString: DATABASE, schema, pollIntervalMs: 100 });
};

eventStoreContract('postgres', open);

describe('postgres: global order with transactions committed out of order', () => {
  test('a slow transaction that began first is not skipped by a subscriber', async () => {
    const store = await open();
    const schema = schemas.at(-1) as string;
    const head = await store.headCheckpoint();
    const seen: RecordedEvent[] = [];
    const subscription = store.subscribe(head, async (events) => {
      seen.push(...events);
    });
    const slow = new pg.Client({ connectionString: DATABASE });
    await slow.connect();
    try {
      await slow.query('BEGIN');
      const slowEvent = newEvent('Slow');
      await slow.query(`INSERT INTO "${schema}".events (stream_name, stream_position, event_id, type, data, metadata) VALUES ($1, 0, $2, $3, '{}', $4)`, [
        'slow-stream',
        slowEvent.id,
        'Slow',
        JSON.stringify(slowEvent.metadata),
      ]);
      await store.append('fast-stream', [newEvent('Fast')], 'noStream');
      await sleep(400);
      assert.deepEqual(seen.map((e) => e.type), [], 'the fast event waits until the slow transaction is decided');
      await slow.query('COMMIT');
      await slow.query(`SELECT pg_notify('lcs_events_${schema}', '')`);
      const deadline = Date.now() + 5000;
      while (seen.length < 2 && Date.now() < deadline) await sleep(20);
      assert.deepEqual(seen.map((e) => e.type), ['Slow', 'Fast'], 'both, each once, the earlier transaction first');
      assert.ok((seen[0] as RecordedEvent).globalPosition < (seen[1] as RecordedEvent).globalPosition);
    } finally {
      await subscription.stop();
      await slow.end();
      await store.close();
    }
  });
});

after(async () => {
  const client = new pg.Client({ connectionString: DATABASE });
  await client.connect();
  for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
});
