import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ConcurrencyError, type EventStore, type NewEvent, type RecordedEvent, START } from '../../commands/event-store.ts';

// The contract every event-store adapter passes (SQLite, PostgreSQL, EventStoreDB).

export const newEvent = (type = 'SomethingHappened', data: Record<string, unknown> = {}, organizationId = 'org-1'): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: { correlationId: 'corr-1', causationId: 'cause-1', organizationId, actorKeyId: 'key-1', schemaVersion: 1, recordedAt: new Date().toISOString() },
});

export async function collect(store: EventStore, from: string, count: number, timeoutMs = 5000): Promise<RecordedEvent[]> {
  const seen: RecordedEvent[] = [];
  const subscription = store.subscribe(from, async (events) => {
    seen.push(...events);
  });
  const deadline = Date.now() + timeoutMs;
  while (seen.length < count && Date.now() < deadline) await sleep(10);
  await subscription.stop();
  return seen;
}

export function eventStoreContract(name: string, open: () => Promise<EventStore>, options: { skip?: string } = {}) {
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

    test('noStream: appends to a new stream, conflicts on an existing one', async () => {
      const s = stream();
      const result = await store.append(s, [newEvent(), newEvent()], 'noStream');
      assert.equal(result.nextExpectedVersion, 1);
      await assert.rejects(store.append(s, [newEvent()], 'noStream'), ConcurrencyError);
    });

    test('an exact version appends after it and conflicts otherwise', async () => {
      const s = stream();
      await store.append(s, [newEvent()], 'noStream');
      assert.equal((await store.append(s, [newEvent()], 0)).nextExpectedVersion, 1);
      await assert.rejects(store.append(s, [newEvent()], 0), (error: unknown) => error instanceof ConcurrencyError && error.actual === 1);
      await assert.rejects(store.append(stream(), [newEvent()], 3), ConcurrencyError);
    });

    test('any appends whatever the version', async () => {
      const s = stream();
      await store.append(s, [newEvent()], 'any');
      assert.equal((await store.append(s, [newEvent()], 'any')).nextExpectedVersion, 1);
    });

    test('a retried append with the same event ids is stored once', async () => {
      const s = stream();
      const events = [newEvent(), newEvent()];
      const first = await store.append(s, events, 'noStream');
      const retried = await store.append(s, events, 'noStream');
      assert.deepEqual(retried, first);
      assert.equal((await store.readStream(s)).length, 2);
    });

    test('concurrent appenders to one stream: exactly one wins', async () => {
      const s = stream();
      await store.append(s, [newEvent()], 'noStream');
      const results = await Promise.allSettled(Array.from({ length: 5 }, () => store.append(s, [newEvent()], 0)));
      assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
      assert.ok(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason instanceof ConcurrencyError));
    });

    test('reads a stream in order, from a position, and an unknown stream as empty', async () => {
      const s = stream();
      await store.append(s, [newEvent('A', { n: 0 }), newEvent('B', { n: 1 }), newEvent('C', { n: 2 })], 'noStream');
      const all = await store.readStream(s);
      assert.deepEqual(all.map((e) => [e.type, e.streamPosition, e.data['n']]), [['A', 0, 0], ['B', 1, 1], ['C', 2, 2]]);
      assert.deepEqual((await store.readStream(s, { from: 1 })).map((e) => e.type), ['B', 'C']);
      assert.deepEqual(await store.readStream(stream()), []);
    });

    test('metadata round-trips', async () => {
      const s = stream();
      const event = newEvent('M', { nested: { ok: true } }, 'org-42');
      await store.append(s, [event], 'noStream');
      const [read] = await store.readStream(s);
      assert.equal(read?.id, event.id);
      assert.deepEqual(read?.metadata, event.metadata);
      assert.deepEqual(read?.data, { nested: { ok: true } });
    });

    test('reads all in global order from a checkpoint, with a limit', async () => {
      const head = await store.headCheckpoint();
      const a = stream();
      const b = stream();
      await store.append(a, [newEvent('A1')], 'noStream');
      await store.append(b, [newEvent('B1')], 'noStream');
      await store.append(a, [newEvent('A2')], 0);
      const after = await store.readAll({ from: head, limit: 100 });
      assert.deepEqual(after.map((e) => e.type), ['A1', 'B1', 'A2']);
      const checkpoints = after.map((e) => e.globalPosition);
      assert.deepEqual([...checkpoints].sort(), checkpoints, 'checkpoints order as strings');
      assert.ok(checkpoints.every((c) => c > head));
      assert.deepEqual((await store.readAll({ from: checkpoints[0], limit: 1 })).map((e) => e.type), ['B1']);
      assert.equal(await store.headCheckpoint(), checkpoints[2]);
      assert.ok((await store.readAll({ from: START, limit: 1 })).length === 1);
    });

    test('a catch-up subscription sees existing events, then new ones, and resumes without repeats', async () => {
      const head = await store.headCheckpoint();
      const s = stream();
      await store.append(s, [newEvent('E1'), newEvent('E2')], 'noStream');
      const seen: RecordedEvent[] = [];
      const subscription = store.subscribe(head, async (events) => {
        seen.push(...events);
      });
      while (seen.length < 2) await sleep(10);
      await store.append(s, [newEvent('E3')], 1);
      const deadline = Date.now() + 5000;
      while (seen.length < 3 && Date.now() < deadline) await sleep(10);
      await subscription.stop();
      assert.deepEqual(seen.filter((e) => e.streamName === s).map((e) => e.type), ['E1', 'E2', 'E3']);
      const resumed = await collect(store, (seen[1] as RecordedEvent).globalPosition, 1);
      assert.deepEqual(resumed.filter((e) => e.streamName === s).map((e) => e.type), ['E3']);
    });

    test('a subscription whose handler throws stops and reports it', async () => {
      await store.append(stream(), [newEvent()], 'noStream');
      const subscription = store.subscribe(START, async () => {
        throw new Error('handler broke');
      });
      await assert.rejects(subscription.done, /handler broke/);
    });

    test('ping answers', () => store.ping());
  });
}
