import { NotFoundError } from '../domain/errors.ts';
import { type GenerationKind, generationKinds } from '../domain/learning-content.ts';
import { type SourceCommand, sourceStreamName } from '../domain/source.ts';
import type { BlobStore } from '../ports/blob-store.ts';
import type { EventStore } from '../ports/event-store.ts';
import type { ReadStore } from '../ports/read-store.ts';
import { listGenerations } from '../projections/generated-resources.ts';
import { generationCommands, sourceCommands } from './streams.ts';
import { type BlobRef, type EventData, toDomainEvent } from '../domain/events.ts';
import { type CommandContext, createOnce, type NewId } from './handle-command.ts';

// Source use cases: ingest (URL or uploaded file), the upload-URL flow, and delete with the clean-up
// of every blob the source's events refer to.

type Ingest = Omit<EventData<'SourceIngested'>, 'ingestedAt' | 'organizationId' | 'sourceId'>;
type UploadRequest = Omit<EventData<'SourceUploadRequested'>, 'requestedAt' | 'organizationId' | 'sourceId'>;
type Acting = CommandContext & { organizationId: string };

/** Creates the source stream `sourceId` with `command`, once per derived id (a retry finds it). */
const createSource = (store: EventStore, sourceId: NewId, context: Acting, command: SourceCommand) =>
  createOnce(store, sourceStreamName(sourceId.id), sourceId, context.organizationId, () => sourceCommands.handle(store, sourceId.id, command, context));

export const ingestSource = (store: EventStore, sourceId: NewId, source: Ingest, context: Acting) =>
  createSource(store, sourceId, context, {
    type: 'IngestSource',
    source: { ...source, sourceId: sourceId.id, organizationId: context.organizationId },
    now: context.now,
  });

export const requestUpload = (store: EventStore, sourceId: NewId, upload: UploadRequest, context: Acting) =>
  createSource(store, sourceId, context, {
    type: 'RequestUpload',
    upload: { ...upload, sourceId: sourceId.id, organizationId: context.organizationId },
    now: context.now,
  });

/** The bytes of a pending source arrived (through the API's signed URL). */
export const completeUpload = (store: EventStore, sourceId: string, blob: BlobRef, context: CommandContext) =>
  sourceCommands.handle(store, sourceId, { type: 'CompleteUpload', blob, now: context.now }, context);

/**
 * Deletes the source, then the blobs it refers to (the indexing worker removes them again as a
 * safety net); with `cascade`, also the flashcard sets, mindmaps and quizzes generated from it, which
 * hold excerpts of its text.
 */
export async function deleteSource(
  deps: { eventStore: EventStore; blobStore: BlobStore; readStore: ReadStore },
  sourceId: string,
  options: { cascade: boolean },
  context: Acting,
) {
  let result = await sourceCommands.handle(
    deps.eventStore,
    sourceId,
    { type: 'DeleteSource', organizationId: context.organizationId, now: context.now },
    context,
  );
  await deleteSourceBlobs(deps.eventStore, deps.blobStore, sourceId);
  if (options.cascade) {
    for (const kind of generationKinds) {
      for (const id of await generatedFrom(deps.readStore, kind, context.organizationId, sourceId)) {
        const deleted = await generationCommands[kind]
          .handle(deps.eventStore, id, { type: 'DeleteGeneration', organizationId: context.organizationId, now: context.now }, context)
          .catch((error: unknown) => {
            // Deleted meanwhile by someone else: what cascading wanted.
            if (error instanceof NotFoundError) return null;
            throw error;
          });
        if (deleted?.checkpoint) result = { ...result, checkpoint: deleted.checkpoint };
      }
    }
  }
  return result;
}

async function generatedFrom(readStore: ReadStore, kind: GenerationKind, organizationId: string, sourceId: string): Promise<string[]> {
  const space = await readStore.active();
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await listGenerations(space, kind, organizationId, { limit: 200, cursor, sourceId });
    ids.push(...page.items.map((doc) => String(doc['id'])));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

/** Every blob a source's events refer to: the uploaded bytes and the extracted content. */
export async function sourceBlobKeys(eventStore: EventStore, sourceId: string): Promise<string[]> {
  const keys = new Set<string>();
  for (const recorded of await eventStore.readStream(sourceStreamName(sourceId))) {
    const event = toDomainEvent(recorded);
    if (event.type === 'SourceIngested' && event.data.blob) keys.add(event.data.blob.key);
    if (event.type === 'SourceUploadRequested') keys.add(event.data.fileKey);
    if (event.type === 'SourceUploaded') keys.add(event.data.blob.key);
    if (event.type === 'SourceIndexed') keys.add(event.data.content.key);
  }
  return [...keys];
}

/** Deleting is idempotent, so the API (at once) and the worker (as a safety net) may both call it. */
export async function deleteSourceBlobs(eventStore: EventStore, blobStore: BlobStore, sourceId: string): Promise<void> {
  await Promise.all((await sourceBlobKeys(eventStore, sourceId)).map((key) => blobStore.delete(key)));
}
