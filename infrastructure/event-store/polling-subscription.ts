import { setTimeout as sleep } from 'node:timers/promises';
import type { Checkpoint, RecordedEvent, Subscription, SubscriptionHandler } from '../../commands/event-store.ts';

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
  let stopped = false;
  let checkpoint = options.from;
  let wakeUp: (() => void) | null = null;
  let pending = false;
  const wake = () => {
    pending = true;
    wakeUp?.();
  };
  const removeWake = options.onWake?.(wake) ?? (() => undefined);

  const idle = async () => {
    if (pending) {
      pending = false;
      return;
    }
    const abort = new AbortController();
    await Promise.race([
      new Promise<void>((resolve) => (wakeUp = resolve)),
      sleep(options.pollIntervalMs, undefined, { signal: abort.signal }).catch(() => undefined),
    ]);
    abort.abort();
    wakeUp = null;
    pending = false;
  };

  const self: { subscription?: Subscription } = {};
  const done = (async () => {
    try {
      for (let failures = 0; !stopped; ) {
        let batch: RecordedEvent[];
        try {
          batch = await options.read(checkpoint, options.batchSize);
          failures = 0;
        } catch {
          // The store is unreachable (restart, network): keep the position and try again; only a
          // failing handler ends the subscription.
          failures++;
          await sleep(Math.min(5000, 100 * 2 ** Math.min(failures, 6)));
          continue;
        }
        if (stopped) break;
        if (batch.length === 0) {
          await idle();
          continue;
        }
        await options.handler(batch);
        checkpoint = (batch.at(-1) as RecordedEvent).globalPosition;
      }
    } finally {
      removeWake();
      if (self.subscription) options.registry?.delete(self.subscription);
    }
  })();

  const subscription: Subscription = {
    async stop() {
      stopped = true;
      wakeUp?.();
      await done.catch(() => undefined);
    },
    done,
  };
  self.subscription = subscription;
  options.registry?.add(subscription);
  done.catch(() => undefined);
  return subscription;
}
