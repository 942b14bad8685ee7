import { setTimeout as sleep } from 'node:timers/promises';
import type { Checkpoint, RecordedEvent, Subscription, SubscriptionHandler } from '../../ports/event-store.ts';

// A catch-up subscription over `read`: delivers batches in order, awaiting the handler before the
// next read; when caught up, waits for a wake-up (an append in this process, a NOTIFY) or the poll
// interval. Shared by the SQLite and PostgreSQL adapters.

export function pollingSubscription(options: {
  from: Checkpoint;
  handler: SubscriptionHandler;
  batchSize: number;
  pollIntervalMs: number;
  read(from: Checkpoint, limit: number): Promise<RecordedEvent[]>;
  /** Registers a wake-up callback; returns its removal. */
  onWake?: (wake: () => void) => () => void;
  /** Tracks live subscriptions so the store can stop them on close. */
  registry?: Set<Subscription>;
}): Subscription {
  const stopping = new AbortController();
  let checkpoint = options.from;
  // A wake-up that arrives while a read is under way must not be lost: the next wait returns at once.
  let woken = false;
  let interruptWait: (() => void) | null = null;
  const wake = () => {
    woken = true;
    interruptWait?.();
  };
  const removeWake = options.onWake?.(wake) ?? (() => undefined);

  const pause = async (ms: number, wakeable: boolean) => {
    if (wakeable && woken) {
      woken = false;
      return;
    }
    const interrupted = new AbortController();
    const interrupt = () => interrupted.abort();
    stopping.signal.addEventListener('abort', interrupt);
    if (wakeable) interruptWait = interrupt;
    await sleep(ms, undefined, { signal: interrupted.signal }).catch(() => undefined);
    stopping.signal.removeEventListener('abort', interrupt);
    interruptWait = null;
    if (wakeable) woken = false;
  };

  const done = (async () => {
    try {
      for (let failures = 0; !stopping.signal.aborted;) {
        let batch: RecordedEvent[];
        try {
          batch = await options.read(checkpoint, options.batchSize);
          failures = 0;
        } catch {
          // The store is unreachable (restart, network): keep the position and try again; only a
          // failing handler ends the subscription.
          failures++;
          await pause(Math.min(5000, 100 * 2 ** Math.min(failures, 6)), false);
          continue;
        }
        if (stopping.signal.aborted) break;
        if (batch.length === 0) {
          await pause(options.pollIntervalMs, true);
          continue;
        }
        await options.handler(batch);
        checkpoint = (batch.at(-1) as RecordedEvent).globalPosition;
      }
    } finally {
      removeWake();
    }
  })();

  const subscription: Subscription = {
    async stop() {
      stopping.abort();
      await done.catch(() => undefined);
    },
    done,
  };
  options.registry?.add(subscription);
  done.catch(() => undefined).finally(() => options.registry?.delete(subscription));
  return subscription;
}
