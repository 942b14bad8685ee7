import type { Checkpoint } from '../ports/event-store.ts';

// Callers waiting until a follower of the event store (the projector, a key cache) has seen the events
// up to a checkpoint (read-your-writes), each released when it gets there or after its own timeout.

export type CheckpointWaiters = {
  /** Resolves true once `reached` is called with a position at or past `checkpoint`, false after `timeoutMs`. */
  waitFor(position: Checkpoint, checkpoint: Checkpoint, timeoutMs: number): Promise<boolean>;
  /** Releases every caller waiting for `position` or an earlier checkpoint. */
  reached(position: Checkpoint): void;
  /** Releases every caller with false: the follower stops. */
  cancel(): void;
};

export function checkpointWaiters(): CheckpointWaiters {
  const waiters = new Set<{ checkpoint: Checkpoint; resolve: (reached: boolean) => void }>();
  return {
    waitFor(position, checkpoint, timeoutMs) {
      if (checkpoint <= position) return Promise.resolve(true);
      return new Promise((resolve) => {
        const waiter = { checkpoint, resolve };
        waiters.add(waiter);
        setTimeout(() => {
          if (waiters.delete(waiter)) resolve(false);
        }, timeoutMs).unref();
      });
    },
    reached(position) {
      for (const waiter of waiters) {
        if (waiter.checkpoint <= position) {
          waiters.delete(waiter);
          waiter.resolve(true);
        }
      }
    },
    cancel() {
      for (const waiter of waiters) waiter.resolve(false);
      waiters.clear();
    },
  };
}
