import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventStore } from '../ports/event-store.ts';
import type { SourceCommand } from '../domain/source.ts';
import type { CommandContext } from './handle-command.ts';
import { sourceCommands } from './streams.ts';
import type { BlobStore } from '../ports/blob-store.ts';
import { ConflictError } from '../domain/errors.ts';

// When bytes reach the blob store without passing through the API (signed Cloud Storage URLs), this
// records the upload: on a storage notification, or when the sweeper finds the object.

export type UploadCompletion = 'completed' | 'not-pending' | 'missing' | 'expired' | 'rejected';

export async function completeStoredUpload(
  deps: { eventStore: EventStore; blobStore: BlobStore; maxUploadBytes: number; now: () => string },
  sourceId: string,
  context: { correlationId: string },
): Promise<UploadCompletion> {
  const { state } = await sourceCommands.load(deps.eventStore, sourceId);
  if (state.status !== 'pending') return 'not-pending';
  const decide = (command: SourceCommand) => {
    const ctx: CommandContext = { correlationId: context.correlationId, organizationId: state.organizationId, now: deps.now() };
    return sourceCommands.handle(deps.eventStore, sourceId, command, ctx);
  };
  const fileKey = `uploads/${state.organizationId}/${sourceId}`;
  const stat = await deps.blobStore.stat(fileKey);
  if (!stat) {
    const expired = await decide({ type: 'ExpireUpload', now: deps.now() });
    return expired.newEvents.length > 0 ? 'expired' : 'missing';
  }
  if (stat.size > deps.maxUploadBytes) {
    await deps.blobStore.delete(fileKey);
    await decide({ type: 'RejectUpload', reason: `the file is larger than the limit of ${deps.maxUploadBytes} bytes`, now: deps.now() });
    return 'rejected';
  }
  const sha256 = await hashBlob(deps.blobStore, fileKey);
  try {
    await decide({
      type: 'CompleteUpload',
      blob: { key: fileKey, sha256, size: stat.size, ...(stat.contentType ? { contentType: stat.contentType } : {}) },
      now: deps.now(),
      viaSignedStorageUrl: true,
    });
  } catch (error) {
    // The sweeper and a storage notification (or two deliveries of one) can find the same upload pending at
    // once: the one that records it second meets a source no longer pending, which is done, not a conflict
    // to answer with an error Pub/Sub would redeliver forever.
    if (error instanceof ConflictError && (await sourceCommands.load(deps.eventStore, sourceId)).state.status !== 'pending') return 'not-pending';
    throw error;
  }
  return 'completed';
}

/** Object stores report MD5 (or nothing); events reference blobs by SHA-256, so hash a local copy. */
async function hashBlob(blobStore: BlobStore, key: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'lcs-upload-'));
  try {
    const path = join(dir, 'blob');
    await blobStore.download(key, path);
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
    return hash.digest('hex');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
