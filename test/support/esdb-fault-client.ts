import { Readable } from 'node:stream';
import type { EventStoreDBClient } from '@eventstore/db-client';
import type { EventStore } from '../../ports/event-store.ts';
import { eventStoreDbEventStore } from '../../infrastructure/event-store/eventstoredb.ts';
import type { FaultyStore } from '../integration/event-store.contract.ts';

// Faults on EventStoreDB's client calls, for the contract's fault cases: an append that reaches the
// server and is stored, whose answer the adapter never gets, and a subscription whose stream breaks
// after some events as when its connection drops. The gRPC connection itself is not cut (its frames
// are not parsed here), so this checks what the adapter and the server do after such a loss — the
// server's recognition of a retried append, resubscribing from the checkpoint — not the client
// library's own handling of a broken HTTP/2 stream.

type Subscription = ReturnType<EventStoreDBClient['subscribeToAll']>;

/** `store` over `client`, and `faulty` over `faultyClient` (another client of the same server, or the same stand-in). */
export function faultyEventStoreDb(client: EventStoreDBClient, faultyClient: EventStoreDBClient): FaultyStore {
  let loseReply = false;
  let dropAfter: number | null = null;
  let injected = 0;
  /** Counts the events subscriptions pass on once a drop is armed; true when one must break instead. */
  const breakNow = () => {
    if (dropAfter === null) return false;
    if (dropAfter-- > 0) return false;
    dropAfter = null;
    injected++;
    return true;
  };
  const breaking = new Proxy(faultyClient, {
    get(target, property) {
      if (property === 'appendToStream')
        return async (...args: Parameters<EventStoreDBClient['appendToStream']>) => {
          const result = await target.appendToStream(...args);
          if (!loseReply) return result;
          loseReply = false;
          injected++;
          throw new Error('the connection dropped before the append was answered (fault injected)');
        };
      if (property === 'subscribeToAll')
        return (...args: Parameters<EventStoreDBClient['subscribeToAll']>) => breakable(target.subscribeToAll(...args), breakNow);
      // The client keeps private fields, which only the client itself (not this proxy) may read.
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const store: EventStore = eventStoreDbEventStore(client);
  const faulty: EventStore = eventStoreDbEventStore(breaking);
  return {
    store,
    faulty,
    loseNextAppendReply: () => {
      loseReply = true;
    },
    dropNextPageAfter: (events) => {
      dropAfter = events;
    },
    injected: () => injected,
    close: async () => void (await Promise.all([faulty.close(), store.close()])),
  };
}

/**
 * `live`, passed on as its reader takes events (at most 16 ahead, so a break lands among events the
 * reader has not had yet), until `breakNow` says to fail as a dropped connection does: what was in
 * flight is lost.
 */
function breakable(live: Subscription, breakNow: () => boolean): Subscription {
  const passed = Object.assign(new Readable({ objectMode: true, highWaterMark: 16, read: () => void live.resume() }), {
    unsubscribe: () => live.unsubscribe(),
  });
  live.on('data', (event: unknown) => {
    if (passed.destroyed) return;
    if (breakNow()) passed.destroy(new Error('the subscription connection dropped (fault injected)'));
    else if (!passed.push(event)) live.pause();
  });
  live.on('error', (error: Error) => passed.destroy(error));
  live.on('end', () => passed.push(null));
  passed.on('close', () => live.destroy());
  return passed as unknown as Subscription;
}
