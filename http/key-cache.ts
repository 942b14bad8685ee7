import { toDomainEvent } from '../domain/events.ts';
import type { Checkpoint, EventStore, RecordedEvent, Subscription } from '../ports/event-store.ts';
import type { KeyLookup } from './auth.ts';
import type { Caller } from './reply.ts';
import { checkpointWaiters } from '../projections/checkpoint-waiters.ts';

// API keys resolved from a read store in another process (Redis), remembered so that a request
// needs no round trip for its key. The cache follows the event store from where the read models
// stood when it started, forgets a key on its ApiKeyRevoked event, and never takes it back, even
// from read models that have not projected the revocation yet. A revocation is thus refused at once
// by the process that answered it (its answer waits for this cache: main.ts) and by the others as
// soon as their subscriptions see the event. An entry is also looked up again after `maxAgeMs`, a
// bound should a subscription ever stall.

export type KeyCache = {
  lookup: KeyLookup;
  /** Resolves true once the cache has seen the events up to `checkpoint` (read-your-writes of a revocation), false after `timeoutMs`. */
  waitFor(checkpoint: Checkpoint, timeoutMs: number): Promise<boolean>;
  stop(): Promise<void>;
};

type Entry = { caller: Caller; expires: number };

export function startKeyCache(options: {
  lookup: KeyLookup;
  eventStore: EventStore;
  /** The checkpoint of the read models the lookups read: every revocation after it reaches the cache as an event. */
  from: Checkpoint;
  maxEntries?: number;
  maxAgeMs?: number;
}): KeyCache {
  const maxEntries = options.maxEntries ?? 10_000;
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const entries = new Map<string, Entry>();
  const revoked = new Set<string>();
  let position = options.from;
  const waiters = checkpointWaiters();

  const handle = async (events: RecordedEvent[]) => {
    for (const event of events) {
      if (event.type !== 'ApiKeyRevoked') continue;
      const revocation = toDomainEvent(event);
      if (revocation.type !== 'ApiKeyRevoked') continue;
      const { keyId } = revocation.data;
      revoked.add(keyId);
      for (const [keyHash, entry] of entries) if (entry.caller.keyId === keyId) entries.delete(keyHash);
    }
    position = (events.at(-1) as RecordedEvent).globalPosition;
    waiters.reached(position);
  };
  const subscription: Subscription = options.eventStore.subscribe(options.from, handle);

  return {
    async lookup(keyHash) {
      const now = Date.now();
      const entry = entries.get(keyHash);
      if (entry && entry.expires > now) return entry.caller;
      const caller = await options.lookup(keyHash);
      entries.delete(keyHash);
      if (!caller || revoked.has(caller.keyId)) return null;
      // Oldest first out: a Map iterates in insertion order.
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(keyHash, { caller, expires: now + maxAgeMs });
      return caller;
    },
    waitFor: (checkpoint, timeoutMs) => waiters.waitFor(position, checkpoint, timeoutMs),
    async stop() {
      await subscription.stop();
      waiters.cancel();
    },
  };
}
