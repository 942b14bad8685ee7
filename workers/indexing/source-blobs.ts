import type { EventStore } from '../../ports/event-store.ts';
import { toDomainEvent } from '../../commands/handle-command.ts';
import type { BlobStore } from '../../ports/blob-store.ts';

/** Every blob a source's events refer to: the uploaded bytes and the extracted content. */
export async function sourceBlobKeys(eventStore: EventStore, sourceId: string): Promise<string[]> {
  const keys = new Set<string>();
  for (const recorded of await eventStore.readStream(`source-${sourceId}`)) {
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
