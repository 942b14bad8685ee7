import { setTimeout as sleep } from 'node:timers/promises';
import { START, type Checkpoint, type EventStore, type RecordedEvent } from '../ports/event-store.ts';
import type { Projection } from './projection.ts';
import { projectBatch, type Overlay } from './projector.ts';
import type { DocRef, ReadStore } from '../ports/read-store.ts';

const OVERLAY_LIMIT = 200_000;
/** Progress is reported at most this often, not per batch: an operator reads it, a log keeps it. */
const PROGRESS_INTERVAL_MS = 1000;

const sizeOf = (overlay: Overlay) => {
  let size = 0;
  for (const ofCollection of overlay.values()) size += ofCollection.size;
  return size;
};

// Blue/green rebuild: the next version of the read models is built from the first event in its own
// key space while the active version keeps serving; once it has caught up it becomes active (the
// live projector follows the switch) and the old version is dropped.

export type RebuildProgress = { version: number; events: number; eventsPerSecond: number; checkpoint: Checkpoint };
export type RebuildStats = { version: number; previousVersion: number; events: number; seconds: number; eventsPerSecond: number };

export async function rebuildReadModels(options: {
  eventStore: EventStore;
  readStore: ReadStore;
  projections: Projection[];
  batchSize?: number;
  onProgress?: (progress: RebuildProgress) => void;
  /** Readers cache the pointer briefly; the old version stays readable this long after the switch. */
  dropDelayMs?: number;
}): Promise<RebuildStats> {
  const { eventStore, readStore, projections } = options;
  // Batches of a few hundred events: measured 1.2x faster into Redis than batches of thousands (less
  // data in flight when the young generation is collected; Redis writes one batch while the next is
  // projected), and a store without a bulk path (one Lua script per batch) never holds Redis long.
  const batchSize = options.batchSize ?? 500;
  const previousVersion = await readStore.activeVersion();
  const version = (await readStore.latestVersion()) + 1;
  const space = readStore.space(version);
  const started = performance.now();
  let events = 0;
  let reportedAt = started;
  const rate = () => events / Math.max((performance.now() - started) / 1000, 1e-3);

  // This rebuild is the only writer of the new version: documents it wrote stay readable in memory,
  // which also lets the next batch be projected while the previous one is still being applied. Until
  // the overlay is first cleared it holds every document written, so a document it lacks does not
  // exist: no read has to wait for Redis (behind the previous batch's writes) to say so.
  const overlay: Overlay = new Map();
  let overlayComplete = true;
  const reads = { getMany: (refs: DocRef[]) => (overlayComplete ? Promise.resolve(refs.map(() => null)) : space.getMany(refs)) };
  let applying: Promise<unknown> = Promise.resolve();
  for await (const batch of everyEvent(eventStore, batchSize)) {
    if (sizeOf(overlay) > OVERLAY_LIMIT) {
      await applying;
      overlay.clear();
      overlayComplete = false;
    }
    const writes = await projectBatch(reads, projections, batch, overlay);
    await applying;
    const checkpoint = (batch.at(-1) as RecordedEvent).globalPosition;
    applying = space.applyBulk ? space.applyBulk(writes, checkpoint) : space.apply(writes, checkpoint);
    // Awaited before the next batch; a failure while this one fails elsewhere is not unhandled.
    applying.catch(() => undefined);
    events += batch.length;
    if (performance.now() - reportedAt >= PROGRESS_INTERVAL_MS) {
      reportedAt = performance.now();
      options.onProgress?.({ version, events, eventsPerSecond: Math.round(rate()), checkpoint });
    }
  }
  await applying;
  await readStore.activate(version);
  const seconds = (performance.now() - started) / 1000;
  await sleep(options.dropDelayMs ?? 2000);
  if (previousVersion !== version) await readStore.drop(previousVersion);
  return { version, previousVersion, events, seconds, eventsPerSecond: Math.round(events / Math.max(seconds, 1e-3)) };
}

/** Every event in batches, until a read finds nothing after what the store's head was at that moment. */
async function* everyEvent(eventStore: EventStore, batchSize: number): AsyncGenerator<RecordedEvent[]> {
  const read = (from: Checkpoint) => {
    const reading = eventStore.readAll({ from, limit: batchSize });
    // Read while the caller projects; a failure surfaces when it is awaited, not as unhandled.
    reading.catch(() => undefined);
    return reading;
  };
  let checkpoint: Checkpoint = START;
  let next = read(checkpoint);
  for (;;) {
    const batch = await next;
    if (batch.length === 0) {
      if ((await eventStore.headCheckpoint()) <= checkpoint) return;
      next = read(checkpoint);
      continue;
    }
    checkpoint = (batch.at(-1) as RecordedEvent).globalPosition;
    next = read(checkpoint);
    yield batch;
  }
}
