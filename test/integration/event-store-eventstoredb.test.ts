import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough, Readable } from 'node:stream';
import { setImmediate as tick } from 'node:timers/promises';
import {
  ANY,
  BACKWARDS,
  END,
  NO_STREAM,
  START as ESDB_START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  EventStoreDBClient,
  type AppendExpectedRevision,
  type Position,
  type ReadPosition,
} from '@eventstore/db-client';
import type { RecordedEvent } from '../../ports/event-store.ts';
import { eventStoreDbEventStore, openEventStoreDbEventStore } from '../../infrastructure/event-store/eventstoredb.ts';
import { faultyEventStoreDb } from '../support/esdb-fault-client.ts';
import { eventStoreContract, newEvent, until } from './event-store.contract.ts';

// No EventStoreDB server runs on the development machines; point EVENTSTORE_URL at one to run the
// contract against it (e.g. esdb://localhost:2113?tls=false from docker-compose).
const url = process.env['EVENTSTORE_URL'];
eventStoreContract(
  'eventstoredb',
  () => openEventStoreDbEventStore({ connectionString: url as string }),
  url
    ? {
        startsEmpty: false,
        faults: {
          open: async () => faultyEventStoreDb(EventStoreDBClient.connectionString(url), EventStoreDBClient.connectionString(url)),
        },
      }
    : { skip: 'EVENTSTORE_URL not set' },
);

/**
 * An in-memory stand-in for the client's calls the adapter makes, shaped after the client's types and
 * the server's documented behaviour: $all interleaves system events, forward reads include their
 * starting position, subscriptions start after theirs, idempotent appends (older servers) report no
 * position. It checks the adapter's own logic — paging, filtering, batching, resubscribing — not
 * the server.
 */
function fakeClient() {
  type Stored = {
    streamId: string;
    id: string;
    type: string;
    revision: bigint;
    isJson: true;
    data: unknown;
    metadata: unknown;
    created: Date;
    position: Position;
  };
  const log: Stored[] = [];
  const streams = new Map<string, Stored[]>();
  const live = new Set<{ push(record: Stored): void }>();
  let next = 1000n;
  let appends = 0;
  const record = (streamId: string, id: string, type: string, data: unknown, metadata: unknown) => {
    const stream = streams.get(streamId) ?? [];
    streams.set(streamId, stream);
    next += 137n;
    const stored: Stored = {
      streamId,
      id,
      type,
      revision: BigInt(stream.length),
      isJson: true,
      data,
      metadata,
      created: new Date(),
      position: { commit: next, prepare: next },
    };
    stream.push(stored);
    log.push(stored);
    for (const subscriber of live) subscriber.push(stored);
    return stored;
  };
  const compare = (a: Position, b: Position) => (a.commit === b.commit ? Number(a.prepare - b.prepare) : Number(a.commit - b.commit));
  const subscriptions = new Set<PassThrough>();

  const client = {
    async appendToStream(
      streamName: string,
      events: { id: string; type: string; data: unknown; metadata: unknown }[],
      options: { expectedRevision: AppendExpectedRevision },
    ) {
      await tick();
      const stream = streams.get(streamName) ?? [];
      const ids = new Set(events.map((event) => event.id));
      const already = stream.filter((stored) => ids.has(stored.id));
      if (already.length === events.length) return { success: true, nextExpectedRevision: (already.at(-1) as Stored).revision, position: undefined };
      const current = stream.length === 0 ? NO_STREAM : BigInt(stream.length - 1);
      const expected = options.expectedRevision;
      if (expected !== ANY && expected !== current) throw new WrongExpectedVersionError(undefined, { streamName, current, expected });
      const stored = events.map((event) => record(streamName, event.id, event.type, event.data, event.metadata));
      if (++appends % 3 === 0) record('$stats-127.0.0.1:2113', crypto.randomUUID(), '$statsCollected', {}, {});
      const last = stored.at(-1) as Stored;
      return { success: true, nextExpectedRevision: last.revision, position: last.position };
    },

    readStream(streamName: string, options: { fromRevision: bigint; maxCount?: number }) {
      return Readable.from(
        (async function* () {
          const stream = streams.get(streamName);
          if (!stream) throw new StreamNotFoundError(undefined, streamName);
          yield* stream
            .filter((stored) => stored.revision >= options.fromRevision)
            .slice(0, options.maxCount ?? Infinity)
            .map((event) => ({ event }));
        })(),
      );
    },

    readAll(options: { fromPosition?: ReadPosition; direction?: string; maxCount?: number }) {
      const from = options.fromPosition ?? ESDB_START;
      const found =
        options.direction === BACKWARDS
          ? log.filter((stored) => from === END || (from !== ESDB_START && compare(stored.position, from) < 0)).reverse()
          : log.filter((stored) => from === ESDB_START || (from !== END && compare(stored.position, from) >= 0));
      return Readable.from(found.slice(0, options.maxCount ?? Infinity).map((event) => ({ event })));
    },

    subscribeToAll(options: { fromPosition: ReadPosition; filter?: { regex: string } }) {
      const matches = (stored: Stored) => !options.filter || new RegExp(options.filter.regex).test(stored.type);
      const stream = Object.assign(new PassThrough({ objectMode: true }), { unsubscribe: async () => void live.delete(subscriber) });
      const subscriber = {
        push: (stored: Stored) => {
          if (matches(stored) && !stream.destroyed) stream.write({ event: stored });
        },
      };
      const from = options.fromPosition;
      for (const stored of log) if (from === ESDB_START || (from !== END && compare(stored.position, from) > 0)) subscriber.push(stored);
      live.add(subscriber);
      subscriptions.add(stream);
      stream.once('close', () => {
        live.delete(subscriber);
        subscriptions.delete(stream);
      });
      return stream;
    },

    async dispose() {
      for (const stream of subscriptions) stream.destroy();
    },
  };
  return {
    client: client as unknown as EventStoreDBClient,
    /** Breaks every open subscription, as a lost connection would. */
    dropConnections: () => {
      for (const stream of subscriptions) stream.destroy(new Error('connection lost'));
    },
    systemEvents: () => log.filter((stored) => stored.type.startsWith('$')).length,
  };
}

eventStoreContract('eventstoredb adapter over an in-memory stand-in for the client', async () => eventStoreDbEventStore(fakeClient().client), {
  faults: {
    open: async () => {
      const { client } = fakeClient();
      return faultyEventStoreDb(client, client);
    },
  },
});

describe('eventstoredb adapter (in-memory stand-in)', () => {
  test('readAll pages through $all past system events without repeats', async () => {
    const fake = fakeClient();
    const store = eventStoreDbEventStore(fake.client);
    try {
      // More records than one raw page (500), with system events in between.
      for (let i = 0; i < 700; i++) await store.append(`s-${i}`, [newEvent('E', { i })], 'noStream');
      assert.ok(fake.systemEvents() > 200);
      const all = await store.readAll({ limit: 10_000 });
      assert.deepEqual(
        all.map((e) => e.data['i']),
        Array.from({ length: 700 }, (_, i) => i),
      );
      const tail = await store.readAll({ from: (all[649] as RecordedEvent).globalPosition, limit: 30 });
      assert.deepEqual(
        tail.map((e) => e.data['i']),
        Array.from({ length: 30 }, (_, i) => 650 + i),
      );
      assert.equal(await store.headCheckpoint(), (all.at(-1) as RecordedEvent).globalPosition);
    } finally {
      await store.close();
    }
  });

  test('a subscription that loses its connection resubscribes from its checkpoint, without repeats', async () => {
    const fake = fakeClient();
    const store = eventStoreDbEventStore(fake.client);
    const seen: RecordedEvent[] = [];
    const subscription = store.subscribe('', async (events) => {
      seen.push(...events);
    });
    try {
      await store.append('a', [newEvent('A1'), newEvent('A2')], 'noStream');
      await until(() => seen.length === 2);
      fake.dropConnections();
      await store.append('a', [newEvent('A3')], 1);
      await until(() => seen.length === 3);
      assert.deepEqual(
        seen.map((e) => e.type),
        ['A1', 'A2', 'A3'],
      );
    } finally {
      await subscription.stop();
      await store.close();
    }
  });
});
