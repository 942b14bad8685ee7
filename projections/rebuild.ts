import { setTimeout as sleep } from 'node:timers/promises';
import { START, type Checkpoint, type EventStore, type RecordedEvent } from '../commands/event-store.ts';
import type { Projection } from './projection.ts';
import { projectBatch } from './projector.ts';
import type { Doc, ReadStore } from './read-store.ts';

const OVERLAY_LIMIT = 200_000;

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
  // Batches of a few thousand events: large enough to amortise round trips, small enough that a
  // store without a bulk path (one Lua script per batch) does not hold Redis for long.
  const batchSize = options.batchSize ?? 5000;
  const previousVersion = await readStore.activeVersion();
  const version = (await readStore.latestVersion()) + 1;
  const space = readStore.space(version);
  const started = performance.now();
  let events = 0;
  let checkpoint: Checkpoint = START;
  const rate = () => events / Math.max((performance.now() - started) / 1000, 1e-3);

  // This rebuild is the only writer of the new version: documents it wrote stay readable in memory,
  // which also lets the next batch be projected while the previous one is still being applied.
  const overlay = new Map<string, Doc | null>();
  let applying: Promise<unknown> = Promise.resolve();
  let next: Promise<RecordedEvent[]> = eventStore.readAll({ from: checkpoint, limit: batchSize });
  for (;;) {
    const batch = await next;
    if (batch.length === 0) {
      await applying;
      // Caught up with what existed when we looked; look once more in case events arrived meanwhile.
      const head = await eventStore.headCheckpoint();
      if (head <= checkpoint) break;
      next = eventStore.readAll({ from: checkpoint, limit: batchSize });
      continue;
    }
    checkpoint = (batch.at(-1) as RecordedEvent).globalPosition;
    next = eventStore.readAll({ from: checkpoint, limit: batchSize });
    if (overlay.size > OVERLAY_LIMIT) {
      await applying;
      overlay.clear();
    }
    const writes = await projectBatch(space, projections, batch, overlay);
    await applying;
    const batchCheckpoint = checkpoint;
    applying = space.applyBulk ? space.applyBulk(writes, batchCheckpoint) : space.apply(writes, batchCheckpoint);
    events += batch.length;
    options.onProgress?.({ version, events, eventsPerSecond: Math.round(rate()), checkpoint: batchCheckpoint });
  }
  await next.catch(() => undefined);
  await readStore.activate(version);
  const seconds = (performance.now() - started) / 1000;
  await sleep(options.dropDelayMs ?? 2000);
  if (previousVersion !== version) await readStore.drop(previousVersion);
  return { version, previousVersion, events, seconds, eventsPerSecond: Math.round(events / Math.max(seconds, 1e-3)) };
}
