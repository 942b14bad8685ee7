import { generationStepOf, generationStreamName } from '../domain/generation.ts';
import { sourceStreamName } from '../domain/source.ts';
import type { ReadModelSpace, ReadWrite } from '../ports/read-store.ts';
import type { Projection } from './projection.ts';

// Work not yet finished, so a worker that starts (or missed an event) finds it without reading the
// whole event log. The event stream stays the judge: a worker claims through the stream's expected version.

const JOBS = 'jobs';
const PENDING_INDEX = 'pending';

export type Job = { id: string; kind: 'upload' | 'indexing' | 'flashcards' | 'mindmap' | 'quiz'; streamName: string; sourceId: string };

const enqueue = (job: Job, at: string): ReadWrite => ({
  kind: 'put',
  collection: JOBS,
  id: `${job.kind}:${job.id}`,
  doc: job,
  indexes: [{ name: PENDING_INDEX, score: Date.parse(at) }],
});

/** A page of unfinished jobs, most recently queued first. */
export async function listPendingJobs(
  space: ReadModelSpace,
  page: { limit: number; cursor?: string | undefined },
): Promise<{ jobs: Job[]; nextCursor?: string }> {
  const { items, nextCursor } = await space.list(JOBS, { index: PENDING_INDEX, limit: page.limit, ...(page.cursor ? { cursor: page.cursor } : {}) });
  return { jobs: items as Job[], ...(nextCursor ? { nextCursor } : {}) };
}

const done = (kind: Job['kind'], id: string): ReadWrite => ({ kind: 'delete', collection: JOBS, id: `${kind}:${id}` });

export const workQueueProjection: Projection = {
  name: 'work-queue',
  reads: {},
  handle(event) {
    const data = event.data as Record<string, unknown>;
    const at = event.metadata.recordedAt;
    switch (event.type) {
      case 'SourceUploadRequested': {
        const sourceId = String(data['sourceId']);
        return [enqueue({ id: sourceId, kind: 'upload', streamName: sourceStreamName(sourceId), sourceId }, at)];
      }
      case 'SourceIngested':
      case 'SourceUploaded': {
        const sourceId = String(data['sourceId']);
        const indexing = enqueue({ id: sourceId, kind: 'indexing', streamName: sourceStreamName(sourceId), sourceId }, at);
        return event.type === 'SourceUploaded' ? [done('upload', sourceId), indexing] : [indexing];
      }
      case 'SourceIndexed':
      case 'SourceIndexingFailed':
      case 'SourceDeleted':
        return [done('upload', String(data['sourceId'])), done('indexing', String(data['sourceId']))];
    }
    const lifecycle = generationStepOf(event.type);
    if (!lifecycle) return [];
    const id = String(data['id']);
    if (lifecycle.step === 'Requested') {
      const job: Job = { id, kind: lifecycle.kind, streamName: generationStreamName(lifecycle.kind, id), sourceId: String(data['sourceId']) };
      return [enqueue(job, at)];
    }
    if (lifecycle.step === 'GenerationStarted') return [];
    return [done(lifecycle.kind, id)];
  },
};
