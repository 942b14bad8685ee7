import type { Checkpoint, EventStore } from '../ports/event-store.ts';
import type { Doc, ReadStore } from '../ports/read-store.ts';
import type { BlobStore } from '../ports/blob-store.ts';
import { HttpError } from './http-error.ts';
import type { Caller } from './route.ts';

/** What the route modules need from the rest of the service. */
export type ApiContext = {
  eventStore: EventStore;
  readStore: ReadStore;
  blobStore: BlobStore;
  /** Read-your-writes: resolves once the read models include `checkpoint` (bounded wait). */
  awaitProjection(checkpoint: Checkpoint | null): Promise<void>;
  limits: { maxUploadBytes: number; uploadUrlTtlMs: number; generationWaitMs: number; maxConcurrentGenerations: number };
  /** Rejects an upload whose first bytes are of no accepted format; returns the format's name. */
  sniffUpload(head: Buffer, fileName: string | undefined): string | null;
  /** Verifies a PUT to a service-signed upload URL (embedded blob store); null when uploads go elsewhere. */
  verifyUpload: ((input: { key: string; query: Record<string, unknown>; method: string; contentType: string | undefined }) => UploadVerdict) | null;
};

export type UploadVerdict = { ok: true; maxBytes: number } | { ok: false; status: number; reason: string };

export const requireCaller = (caller: Caller | null): Caller => {
  if (!caller) throw new HttpError(401, 'missing x-api-key header');
  return caller;
};

/** The document if it exists and belongs to the caller: 404 for unknown ids, 403 for another organization's. */
export async function getOwned(readStore: ReadStore, collection: string, id: string, caller: Caller, label: string): Promise<Doc> {
  const doc = await (await readStore.active()).get(collection, id);
  if (!doc) throw new HttpError(404, `${label} not found`);
  if (doc['organizationId'] !== caller.organizationId) throw new HttpError(403, `this ${label} belongs to another organization`);
  return doc;
}

/** Public view: `id` for single items, `_id` in lists, and no internal fields. */
export const present = (doc: Doc, idField: 'id' | '_id', hidden: readonly string[]): Doc => {
  const { id, organizationId: _org, ...rest } = doc;
  for (const field of hidden) delete rest[field];
  return { [idField]: id, ...rest };
};
