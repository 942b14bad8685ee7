import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ConcurrencyError,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type RecordedEvent,
  START,
  type Subscription,
} from '../../ports/event-store.ts';

// The contract every event-store adapter passes (SQLite, PostgreSQL, EventStoreDB), including what
// must hold when a reply is lost or a connection drops, for the stores where that can happen.

export const newEvent = (type = 'SomethingHappened', data: Record<string, unknown> = {}, organizationId = 'org-1'): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: { correlationId: 'corr-1', causationId: 'cause-1', organizationId, actorKeyId: 'key-1', schemaVersion: 1, recordedAt: new Date().toISOString() },
});

export async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(10);
  }
}

/** Subscribes from `from`, keeping only events of `streams`, until `count` of them arrived. */
async function collect(store: EventStore, from: string, streams: string[], count: number): Promise<RecordedEvent[]> {
  const seen: RecordedEvent[] = [];
  const subscription = store.subscribe(from, async (events) => {
    seen.push(...events.filter((event) => streams.includes(event.streamName)));
  });
  try {
    await until(() => seen.length >= count);
  } finally {
    await subscription.stop();
  }
  return seen;
}

const assertIncreasing = (checkpoints: string[]) => {
  for (let i = 1; i < checkpoints.length; i++) assert.ok((checkpoints[i - 1] as string) < (checkpoints[i] as string), `checkpoint ${i} increases`);
};

/**
 * One store's events seen through two stores: `store` as the contract uses it, and `faulty`, behind
 * a connection its test breaks on purpose. Each fault is armed for the next matching call through
 * `faulty` and happens once.
 */
export type FaultyStore = {
  store: EventStore;
  faulty: EventStore;
  /** The next append through `faulty` is stored, but its reply never reaches the caller: the call rejects. */
  loseNextAppendReply(): void;
  /** What a subscription of `faulty` reads next breaks off after `events` more events, as when its connection drops mid-page. */
  dropNextPageAfter(events: number): void;
  /** How many armed faults have happened so far. */
  injected(): number;
  close(): Promise<void>;
};

/** How a store's test breaks its connections, and for each fault that cannot happen to the store, why. */
export type FaultCases = { open?: () => Promise<FaultyStore>; skip?: { lostReply?: string; midPage?: string } };

/**
 * `startsEmpty`: the factory gives an empty store (false for a shared EventStoreDB server, where
 * other events may exist; every test then looks only at its own streams).
 */
export function eventStoreContract(name: string, open: () => Promise<EventStore>, options: { skip?: string; startsEmpty?: boolean; faults?: FaultCases } = {}) {
  if (options.skip) {
    test(`event store contract: ${name}`, { skip: options.skip }, () => undefined);
    return;
  }
  describe(`event store contract: ${name}`, () => {
    let store: EventStore;
    before(async () => {
      store = await open();
    });
    after(() => store?.close());
    const stream = () => `test-${randomUUID()}`;
    const ours = (events: RecordedEvent[], ...streams: string[]) => events.filter((event) => streams.includes(event.streamName));

    test('an empty store reads nothing and its head is START', { skip: options.startsEmpty === false ? 'the store is shared' : false }, async () => {
      assert.equal(await store.headCheckpoint(), START);
      assert.deepEqual(await store.readAll(), []);
    });

    test('noStream: appends to a new stream, conflicts on an existing one', async () => {
      const s = stream();
      const result = await store.append(s, [newEvent(), newEvent()], 'noStream');
      assert.equal(result.nextExpectedVersion, 1);
      await assert.rejects(
        store.append(s, [newEvent()], 'noStream'),
        (error: unknown) => error instanceof ConcurrencyError && error.streamName === s && error.expected === 'noStream' && error.actual === 1,
      );
    });

    test('an exact version appends after it and conflicts otherwise', async () => {
      const s = stream();
      await store.append(s, [newEvent()], 'noStream');
      assert.equal((await store.append(s, [newEvent()], 0)).nextExpectedVersion, 1);
      await assert.rejects(store.append(s, [newEvent()], 0), (error: unknown) => error instanceof ConcurrencyError && error.actual === 1);
      await assert.rejects(store.append(stream(), [newEvent()], 3), (error: unknown) => error instanceof ConcurrencyError && error.actual === 'noStream');
      assert.equal((await store.readStream(s)).length, 2);
    });

    test('any appends whatever the version, also when appenders race', async () => {
      const s = stream();
      assert.equal((await store.append(s, [newEvent()], 'any')).nextExpectedVersion, 0);
      assert.equal((await store.append(s, [newEvent()], 'any')).nextExpectedVersion, 1);
      const results = await Promise.all(Array.from({ length: 5 }, () => store.append(s, [newEvent()], 'any')));
      assert.deepEqual(
        results.map((r) => r.nextExpectedVersion).sort((x, y) => x - y),
        [2, 3, 4, 5, 6],
      );
      assert.deepEqual(
        (await store.readStream(s)).map((e) => e.streamPosition),
        [0, 1, 2, 3, 4, 5, 6],
      );
    });

    for (const expected of ['noStream', 'exact', 'any'] as const) {
      test(`a retried append with the same event ids is stored once (${expected})`, async () => {
        const s = stream();
        if (expected !== 'noStream') await store.append(s, [newEvent('Before')], 'noStream');
        const version = expected === 'exact' ? 0 : expected;
        const events = [newEvent('A'), newEvent('B')];
        const first = await store.append(s, events, version);
        const retried = await store.append(s, events, version);
        assert.deepEqual(retried, first);
        assert.deepEqual(
          (await store.readStream(s)).map((e) => e.type),
          expected === 'noStream' ? ['A', 'B'] : ['Before', 'A', 'B'],
        );
      });
    }

    test('concurrent appenders to one stream: exactly one wins, the others get a ConcurrencyError', async () => {
      for (const expected of ['noStream', 0] as const) {
        const s = stream();
        if (expected === 0) await store.append(s, [newEvent()], 'noStream');
        const results = await Promise.allSettled(Array.from({ length: 5 }, () => store.append(s, [newEvent()], expected)));
        assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1, `one winner with ${expected}`);
        for (const r of results) if (r.status === 'rejected') assert.ok(r.reason instanceof ConcurrencyError, String(r.reason));
        assert.equal((await store.readStream(s)).length, expected === 0 ? 2 : 1);
      }
    });

    test('reads a stream in order, from a position, and an unknown stream as empty', async () => {
      const s = stream();
      await store.append(s, [newEvent('A', { n: 0 }), newEvent('B', { n: 1 }), newEvent('C', { n: 2 })], 'noStream');
      const all = await store.readStream(s);
      assert.deepEqual(
        all.map((e) => [e.type, e.streamPosition, e.data['n'], e.streamName]),
        [
          ['A', 0, 0, s],
          ['B', 1, 1, s],
          ['C', 2, 2, s],
        ],
      );
      assert.deepEqual(
        (await store.readStream(s, { from: 1 })).map((e) => e.type),
        ['B', 'C'],
      );
      assert.deepEqual(await store.readStream(s, { from: 3 }), []);
      assert.deepEqual(await store.readStream(stream()), []);
    });

    test('data and metadata round-trip, with and without the optional metadata', async () => {
      const s = stream();
      const full = newEvent('Full', { nested: { ok: true, list: [1, 'two', null] }, text: 'ünïcødé "quoted"' }, 'org-42');
      const minimal: NewEvent = {
        id: randomUUID(),
        type: 'Minimal',
        data: {},
        metadata: { correlationId: 'corr-2', schemaVersion: 3, recordedAt: '2025-01-02T03:04:05.678Z' },
      };
      await store.append(s, [full, minimal], 'noStream');
      const read = await store.readStream(s);
      assert.deepEqual(
        read.map(({ id, type, data, metadata }) => ({ id, type, data, metadata })),
        [full, minimal],
      );
      const [fromAll] = ours(await store.readAll({ from: START, limit: 100_000 }), s);
      assert.deepEqual(fromAll?.metadata, full.metadata);
    });

    test('reads all in global order from a checkpoint, with a limit; the head and append results agree', async () => {
      const head = await store.headCheckpoint();
      const a = stream();
      const b = stream();
      const r1 = await store.append(a, [newEvent('A1')], 'noStream');
      const r2 = await store.append(b, [newEvent('B1'), newEvent('B2')], 'noStream');
      const r3 = await store.append(a, [newEvent('A2')], 0);
      const after = ours(await store.readAll({ from: head, limit: 1000 }), a, b);
      assert.deepEqual(
        after.map((e) => e.type),
        ['A1', 'B1', 'B2', 'A2'],
      );
      const checkpoints = after.map((e) => e.globalPosition);
      assertIncreasing(checkpoints);
      assert.ok(checkpoints.every((c) => c > head));
      // An append reports where its last event is, so a caller can wait for projections to get there.
      assert.deepEqual([r1.lastCheckpoint, r2.lastCheckpoint, r3.lastCheckpoint], [checkpoints[0], checkpoints[2], checkpoints[3]]);
      assert.deepEqual(
        ours(await store.readAll({ from: checkpoints[0], limit: 2 }), a, b).map((e) => e.type),
        ['B1', 'B2'],
      );
      assert.equal((await store.readAll({ from: head, limit: 1 })).length, 1);
      assert.equal(await store.headCheckpoint(), checkpoints[3]);
      assert.deepEqual(ours(await store.readAll({ from: checkpoints[3] }), a, b), []);
    });

    test('a catch-up subscription sees existing events, then new ones, in batches, and resumes without repeats', async () => {
      const head = await store.headCheckpoint();
      const s = stream();
      await store.append(s, [newEvent('E1'), newEvent('E2'), newEvent('E3')], 'noStream');
      const seen: RecordedEvent[] = [];
      const batchSizes: number[] = [];
      const subscription = store.subscribe(
        head,
        async (events) => {
          batchSizes.push(events.length);
          seen.push(...ours(events, s));
        },
        { batchSize: 2 },
      );
      await until(() => seen.length >= 3);
      await store.append(s, [newEvent('E4')], 2);
      await until(() => seen.length >= 4);
      await subscription.stop();
      assert.deepEqual(
        seen.map((e) => e.type),
        ['E1', 'E2', 'E3', 'E4'],
      );
      assertIncreasing(seen.map((e) => e.globalPosition));
      assert.ok(
        batchSizes.every((size) => size >= 1 && size <= 2),
        `batches of at most 2: ${batchSizes.join(',')}`,
      );

      await store.append(s, [newEvent('E5')], 3);
      const resumed = await collect(store, (seen[2] as RecordedEvent).globalPosition, [s], 2);
      assert.deepEqual(
        resumed.map((e) => e.type),
        ['E4', 'E5'],
      );
    });

    test('a subscription awaits its handler before the next batch', async () => {
      const head = await store.headCheckpoint();
      const s = stream();
      await store.append(s, [newEvent('S1'), newEvent('S2'), newEvent('S3')], 'noStream');
      let running = 0;
      let overlapped = false;
      const order: string[] = [];
      const subscription = store.subscribe(
        head,
        async (events) => {
          running++;
          if (running > 1) overlapped = true;
          await sleep(5);
          order.push(...ours(events, s).map((e) => e.type));
          running--;
        },
        { batchSize: 1 },
      );
      await until(() => order.length >= 3);
      await subscription.stop();
      assert.equal(overlapped, false);
      assert.deepEqual(order, ['S1', 'S2', 'S3']);
    });

    test('stop() resolves, and no batch is delivered after it', async () => {
      const head = await store.headCheckpoint();
      const s = stream();
      let delivered = 0;
      const subscription: Subscription = store.subscribe(head, async (events) => {
        delivered += ours(events, s).length;
      });
      await store.append(s, [newEvent()], 'noStream');
      await until(() => delivered === 1);
      await subscription.stop();
      await store.append(s, [newEvent()], 0);
      await sleep(300);
      assert.equal(delivered, 1);
      await subscription.done;
    });

    test('a subscription whose handler throws stops and reports it', async () => {
      const head = await store.headCheckpoint();
      await store.append(stream(), [newEvent()], 'noStream');
      let calls = 0;
      const subscription = store.subscribe(head, async () => {
        calls++;
        throw new Error('handler broke');
      });
      await assert.rejects(subscription.done, /handler broke/);
      await store.append(stream(), [newEvent()], 'noStream');
      await sleep(300);
      assert.equal(calls, 1);
      await subscription.stop();
    });

    test('ping answers', () => store.ping());
  });
  faultContract(name, options.faults ?? {});
}

/** Subscribes `store` from `from` and keeps the events of `stream` it delivers, in delivery order; `onBatch` runs inside the handler. */
function watch(store: EventStore, from: string, stream: string, options: { batchSize?: number; onBatch?: () => void } = {}) {
  const seen: RecordedEvent[] = [];
  const subscription = store.subscribe(
    from,
    async (events) => {
      seen.push(...events.filter((event) => event.streamName === stream));
      options.onBatch?.();
    },
    { batchSize: options.batchSize },
  );
  return { seen, subscription };
}

/**
 * The caller of an append whose reply was lost cannot tell whether it was stored; it retries with
 * the same event ids. The store must then hold the events once, whatever the expected version, and
 * a subscriber must deliver every stored event exactly once, in the store's final order, also when
 * its own connection drops in the middle of a page.
 */
function faultContract(name: string, faults: FaultCases) {
  describe(`event store contract: ${name}: lost replies and dropped connections`, () => {
    const skip = (reason: string | undefined) => reason ?? (faults.open ? false : "this store's test has no way to break its connections");
    let pair: FaultyStore;
    before(async () => {
      if (faults.open) pair = await faults.open();
    });
    after(() => pair?.close());
    const stream = () => `fault-${randomUUID()}`;
    /** The events of `s` in the store's global order, after `from`. */
    const stored = async (from: string, s: string) => (await pair.store.readAll({ from, limit: 100_000 })).filter((event) => event.streamName === s);
    /** Waits until `seen` holds `count` events, then a little longer, so a repeat would have shown. */
    const settled = async (seen: RecordedEvent[], count: number) => {
      await until(() => seen.length >= count, 20_000);
      await sleep(200);
    };

    for (const expected of ['noStream', 'exact', 'any'] as const) {
      test(
        `an append whose reply was lost after it was stored is there once, and its retry with the same ids is recognised (${expected})`,
        { skip: skip(faults.skip?.lostReply) },
        async () => {
          const { store, faulty } = pair;
          const s = stream();
          const head = await store.headCheckpoint();
          if (expected !== 'noStream') await store.append(s, [newEvent('Before')], 'noStream');
          const version: ExpectedVersion = expected === 'exact' ? 0 : expected;
          const watcher = watch(store, head, s);
          try {
            const events = [newEvent('Lost1'), newEvent('Lost2')];
            const injected = pair.injected();
            pair.loseNextAppendReply();
            await assert.rejects(faulty.append(s, events, version));
            assert.equal(pair.injected(), injected + 1, 'the reply was lost on purpose');
            const types = expected === 'noStream' ? ['Lost1', 'Lost2'] : ['Before', 'Lost1', 'Lost2'];
            // All of an append is stored or none of it; here all, since its reply was lost after the commit.
            assert.deepEqual(
              (await store.readStream(s)).map((event) => event.type),
              types,
            );
            const retried = await faulty.append(s, events, version);
            const final = await stored(head, s);
            assert.deepEqual(
              final.map((event) => event.type),
              types,
              'the retry stored nothing more',
            );
            assert.deepEqual(retried, { nextExpectedVersion: types.length - 1, lastCheckpoint: (final.at(-1) as RecordedEvent).globalPosition });
            await settled(watcher.seen, types.length);
            assert.deepEqual(
              watcher.seen.map((event) => [event.id, event.globalPosition]),
              final.map((event) => [event.id, event.globalPosition]),
              'the subscriber delivered each stored event once, in the final order',
            );
          } finally {
            await watcher.subscription.stop();
          }
        },
      );
    }

    test(
      'a subscription whose connection drops in the middle of a page delivers every event once, in the final order',
      { skip: skip(faults.skip?.midPage) },
      async () => {
        const { store, faulty } = pair;
        const s = stream();
        const head = await store.headCheckpoint();
        await store.append(
          s,
          Array.from({ length: 300 }, (_, i) => newEvent(`Step${i}`)),
          'noStream',
        );
        const injected = pair.injected();
        // Armed once the first page is delivered, before the next is read: the connection drops
        // half-way through the second page, with the subscription's checkpoint past the first.
        let armed = false;
        const watcher = watch(faulty, head, s, {
          batchSize: 100,
          onBatch: () => {
            if (armed) return;
            armed = true;
            pair.dropNextPageAfter(50);
          },
        });
        try {
          await settled(watcher.seen, 300);
          assert.equal(pair.injected(), injected + 1, 'a page was cut mid-way');
          const final = await stored(head, s);
          assert.deepEqual(
            watcher.seen.map((event) => [event.id, event.globalPosition]),
            final.map((event) => [event.id, event.globalPosition]),
            'exactly once, in order',
          );
        } finally {
          await watcher.subscription.stop();
        }
      },
    );
  });
}
