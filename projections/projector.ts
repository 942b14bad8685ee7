import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { Checkpoint, EventStore, RecordedEvent, Subscription } from '../commands/event-store.ts';
import type { Projection } from './projection.ts';
import { ReadModelsBehindError, type Doc, type ReadModelSpace, type ReadStore, type ReadWrite } from './read-store.ts';

// The projector: follows the event store from the read models' checkpoint and applies each batch's
// writes together with the batch's last position, so a replayed batch changes nothing and a crash
// between batches loses nothing.

class ReadModelsBehind extends Error {}

export type Projector = {
  stop(): Promise<void>;
  /** Resolves true once the read models include `checkpoint`, false after `timeoutMs`. */
  waitFor(checkpoint: Checkpoint, timeoutMs: number): Promise<boolean>;
  position(): Checkpoint;
};

/**
 * Runs every projection over a batch; reads see the batch's own earlier writes. A sole writer of a
 * space (the rebuild) may pass an overlay that lives across batches, so reads of documents it wrote
 * earlier never leave the process.
 */
export async function projectBatch(
  space: ReadModelSpace,
  projections: Projection[],
  events: RecordedEvent[],
  overlay: Map<string, Doc | null> = new Map(),
): Promise<ReadWrite[]> {
  const key = (collection: string, id: string) => `${collection}\u0000${id}`;
  const reader = {
    async get(collection: string, id: string) {
      const k = key(collection, id);
      if (overlay.has(k)) return overlay.get(k) ?? null;
      return space.get(collection, id);
    },
  };
  // Only the last write of a document in the batch matters: the store replaces documents and their
  // index memberships whole, so earlier writes of the same document are dropped.
  const writes = new Map<string, ReadWrite>();
  for (const event of events) {
    for (const projection of projections) {
      for (const write of await projection.handle(event, reader)) {
        const k = key(write.collection, write.id);
        overlay.set(k, write.kind === 'put' ? write.doc : null);
        writes.delete(k);
        writes.set(k, write);
      }
    }
  }
  return [...writes.values()];
}

export async function startProjector(options: {
  eventStore: EventStore;
  readStore: ReadStore;
  projections: Projection[];
  logger: Logger;
  batchSize?: number;
  onProgress?: (position: Checkpoint, events: number) => void;
}): Promise<Projector> {
  const { eventStore, readStore, projections, logger } = options;
  let space = await readStore.active();
  let position = await space.checkpoint();
  const waiters = new Set<{ checkpoint: Checkpoint; resolve: (reached: boolean) => void }>();
  let stopped = false;

  const advance = (checkpoint: Checkpoint) => {
    position = checkpoint;
    for (const waiter of waiters) {
      if (waiter.checkpoint <= checkpoint) {
        waiters.delete(waiter);
        waiter.resolve(true);
      }
    }
  };

  const handle = async (events: RecordedEvent[]) => {
    const last = (events.at(-1) as RecordedEvent).globalPosition;
    for (let attempt = 1; ; attempt++) {
      try {
        const writes = await projectBatch(space, projections, events);
        await space.apply(writes, last, position);
        break;
      } catch (error) {
        // A read store that lost its data (a Redis restart without persistence) is behind us: the
        // check is part of the atomic apply, so no batch lands on an emptied store. Start again from
        // where the store really is.
        if (error instanceof ReadModelsBehindError) {
          logger.warn({ stored: error.stored, position }, 'projector: the read models are behind the projector; catching up from their checkpoint');
          position = error.stored;
          throw new ReadModelsBehind();
        }
        if (stopped || error instanceof ReadModelsBehind) throw error;
        logger.error({ err: error, attempt }, 'projector: applying a batch failed; retrying');
        await sleep(Math.min(5000, 100 * 2 ** attempt));
      }
    }
    advance(last);
    options.onProgress?.(last, events.length);
  };

  let subscription: Subscription | undefined;
  const follow = (from: Checkpoint) => {
    const current = eventStore.subscribe(from, handle, { batchSize: options.batchSize ?? 500 });
    subscription = current;
    current.done.catch((error: unknown) => {
      if (stopped) return;
      if (error instanceof ReadModelsBehind) follow(position);
      else logger.error({ err: error }, 'projector: subscription failed');
    });
  };
  follow(position);

  // A rebuild in another process switches the active version: continue on it from its checkpoint.
  const stopping = new AbortController();
  const watcher = (async () => {
    while (!stopped) {
      await sleep(1000, undefined, { signal: stopping.signal }).catch(() => undefined);
      if (stopped) break;
      try {
        const active = await readStore.activeVersion();
        if (active !== space.version) {
          await subscription?.stop();
          space = readStore.space(active);
          const from = await space.checkpoint();
          logger.info({ version: active, from }, 'projector: following the new read-model version');
          position = from;
          if (!stopped) follow(from);
        }
      } catch (error) {
        logger.warn({ err: error }, 'projector: checking the active version failed');
      }
    }
  })();

  return {
    async stop() {
      stopped = true;
      stopping.abort();
      await subscription?.stop();
      await watcher;
      for (const waiter of waiters) waiter.resolve(false);
      waiters.clear();
    },
    waitFor(checkpoint, timeoutMs) {
      if (checkpoint <= position) return Promise.resolve(true);
      return new Promise((resolve) => {
        const waiter = { checkpoint, resolve };
        waiters.add(waiter);
        setTimeout(() => {
          if (waiters.delete(waiter)) resolve(false);
        }, timeoutMs).unref();
      });
    },
    position: () => position,
  };
}

/** Read-your-writes when the projector runs in another process: poll the active checkpoint. */
export async function waitForCheckpoint(options: { readStore: ReadStore; checkpoint: Checkpoint; timeoutMs: number; pollMs: number }): Promise<boolean> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if ((await (await options.readStore.active()).checkpoint()) >= options.checkpoint) return true;
    if (Date.now() >= deadline) return false;
    await sleep(options.pollMs);
  }
}
