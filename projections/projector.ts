import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { Checkpoint, EventStore, RecordedEvent, Subscription } from '../ports/event-store.ts';
import { checkpointWaiters } from './checkpoint-waiters.ts';
import { innerMap } from './nested-map.ts';
import { EVERY_PROJECTION, MAX_EVENT_DEPTH, nestsDeeperThan, parkedEvent, parkedIn } from './parked-events.ts';
import type { Projection, ProjectionReader } from './projection.ts';
import {
  ReadModelsOutOfStepError,
  ReadModelVersionRetiredError,
  type Doc,
  type DocRef,
  type ReadModelSpace,
  type ReadStore,
  type ReadWrite,
} from '../ports/read-store.ts';

// The projector: follows the event store from the read models' checkpoint and applies each batch's
// writes together with the batch's last position, so a replayed batch changes nothing and a crash
// between batches loses nothing.

export type Projector = {
  stop(): Promise<void>;
  /** Resolves true once the read models include `checkpoint`, false after `timeoutMs`. */
  waitFor(checkpoint: Checkpoint, timeoutMs: number): Promise<boolean>;
  position(): Checkpoint;
  /** Why the latest batch could not be applied, while it still cannot be; null when all is well. */
  failure(): string | null;
};

class UndeclaredReadError extends Error {
  constructor(collection: string, id: string) {
    super(`a projection read ${collection} ${id} without naming it in its reads`);
    this.name = 'UndeclaredReadError';
  }
}

/** Documents by collection and id; `null` for a deleted one. */
export type Overlay = Map<string, Map<string, Doc | null>>;

/**
 * Runs every projection over a batch; reads see the batch's own earlier writes. The documents the
 * batch reads that the overlay lacks are loaded first, in one round trip, so the projections run
 * synchronously. A sole writer of a space (the rebuild) may pass an overlay that lives across
 * batches, so reads of documents it wrote earlier never leave the process.
 */
export async function projectBatch(
  space: Pick<ReadModelSpace, 'getMany'>,
  projections: Projection[],
  events: RecordedEvent[],
  overlay: Overlay = new Map(),
): Promise<ReadWrite[]> {
  const loaded: Overlay = new Map();
  const refs: DocRef[] = [];
  const reads = projections.flatMap((projection) => Object.entries(projection.reads));
  for (const event of events) {
    for (const [collection, idOf] of reads) {
      const id = idOf(event);
      if (id === undefined || overlay.get(collection)?.has(id)) continue;
      const ofCollection = innerMap(loaded, collection);
      if (ofCollection.has(id)) continue;
      ofCollection.set(id, null);
      refs.push({ collection, id });
    }
  }
  if (refs.length > 0) (await space.getMany(refs)).forEach((doc, i) => doc && loaded.get((refs[i] as DocRef).collection)?.set((refs[i] as DocRef).id, doc));

  const reader: ProjectionReader = {
    get(collection, id) {
      const written = overlay.get(collection)?.get(id);
      if (written !== undefined) return written;
      const doc = loaded.get(collection)?.get(id);
      if (doc === undefined) throw new UndeclaredReadError(collection, id);
      return doc;
    },
  };
  const kept = new Set(reads.map(([collection]) => collection));
  // Only the last write of a document in the batch matters: the store replaces documents and their
  // index memberships whole, and writes of different documents touch different keys, so neither
  // earlier writes of a document nor the order between documents need to reach the store.
  const writes = new Map<string, Map<string, ReadWrite>>();
  const record = (write: ReadWrite) => {
    if (kept.has(write.collection)) innerMap(overlay, write.collection).set(write.id, write.kind === 'put' ? write.doc : null);
    innerMap(writes, write.collection).set(write.id, write);
  };
  for (const event of events) {
    // No event may stop the projector: one that nests deeper than anything the service writes would
    // overflow the stack of whatever clones or serializes it, and one a projection throws on would
    // fail its batch forever. Either is parked (for that projection) and the others go on.
    if (nestsDeeperThan(event.data, MAX_EVENT_DEPTH)) {
      record(parkedEvent(event, EVERY_PROJECTION, new RangeError(`the event's data nests deeper than ${MAX_EVENT_DEPTH} levels`)));
      continue;
    }
    for (const projection of projections) {
      let produced: ReadWrite[];
      try {
        produced = projection.handle(event, reader);
      } catch (error) {
        // A read the projection did not declare is a bug in the code, not in the event: never park it.
        if (error instanceof UndeclaredReadError) throw error;
        produced = [parkedEvent(event, projection.name, error)];
      }
      for (const write of produced) record(write);
    }
  }
  const batch: ReadWrite[] = [];
  for (const ofCollection of writes.values()) for (const write of ofCollection.values()) batch.push(write);
  return batch;
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
  const waiters = checkpointWaiters();
  let stopped = false;
  let failure: string | null = null;
  const stopping = new AbortController();
  const pause = (ms: number) => sleep(ms, undefined, { signal: stopping.signal }).catch(() => undefined);

  const advance = (checkpoint: Checkpoint) => {
    position = checkpoint;
    waiters.reached(checkpoint);
  };

  const handle = async (events: RecordedEvent[]) => {
    const last = (events.at(-1) as RecordedEvent).globalPosition;
    for (let attempt = 1; ; attempt++) {
      try {
        const writes = await projectBatch(space, projections, events);
        await space.apply(writes, last, position);
        failure = null;
        for (const parked of parkedIn(writes)) logger.error({ parked }, 'projector: an event could not be projected and is parked; the projector goes on');
        break;
      } catch (error) {
        // Nothing was applied, and applying again cannot help: the read models are not where this
        // projector left them (they lost their data, or another projector moved them on), or a
        // rebuild retired this version. The subscription ends; the loop below follows from where
        // the active version really is.
        if (stopped || error instanceof ReadModelsOutOfStepError || error instanceof ReadModelVersionRetiredError) throw error;
        failure = error instanceof Error ? error.message : String(error);
        logger.error({ err: error, attempt }, 'projector: applying a batch failed; retrying');
        await pause(Math.min(5000, 100 * 2 ** attempt));
      }
    }
    advance(last);
    options.onProgress?.(last, events.length);
  };

  // One subscription at a time, so no two deliveries of this projector ever race. Whatever ends it
  // (a refused batch, a switch of the active version, a failure) leads to the same step: read the
  // active version and its checkpoint afresh and follow from there; the store's exact-position
  // check makes a stale start harmless.
  let subscription: Subscription | undefined;
  const following = (async () => {
    while (!stopped) {
      subscription = eventStore.subscribe(position, handle, { batchSize: options.batchSize ?? 500 });
      const ended = await subscription.done.then(
        () => undefined,
        (error: unknown) => error,
      );
      if (stopped) break;
      if (ended instanceof ReadModelsOutOfStepError) {
        logger.warn({ stored: ended.stored, position }, 'projector: the read models are not where the projector left them; following from their checkpoint');
      } else if (ended !== undefined && !(ended instanceof ReadModelVersionRetiredError)) {
        logger.error({ err: ended }, 'projector: the subscription failed; following again');
        await pause(1000);
      }
      for (;;) {
        try {
          space = readStore.space(await readStore.activeVersion());
          position = await space.checkpoint();
          break;
        } catch (error) {
          if (stopped) break;
          logger.warn({ err: error }, 'projector: reading the active version failed; retrying');
          await pause(1000);
        }
      }
      if (ended === undefined || ended instanceof ReadModelVersionRetiredError)
        logger.info({ version: space.version, from: position }, 'projector: following the active read-model version');
    }
  })();

  // A rebuild in another process switches the active version; a projector that has nothing to
  // apply would not learn of it from a refused batch.
  const watcher = (async () => {
    while (!stopped) {
      await pause(1000);
      if (stopped) break;
      try {
        if ((await readStore.activeVersion()) !== space.version) await subscription?.stop();
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
      await Promise.all([following, watcher]);
      waiters.cancel();
    },
    waitFor: (checkpoint, timeoutMs) => waiters.waitFor(position, checkpoint, timeoutMs),
    position: () => position,
    failure: () => failure,
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
