import type { CommandContext } from '../commands/handle-command.ts';
import type { BlobStore } from '../ports/blob-store.ts';
import type { Checkpoint, EventStore } from '../ports/event-store.ts';
import type { Doc, ReadStore } from '../ports/read-store.ts';
import { HttpError } from './http-error.ts';
import type { Caller, Reply } from './reply.ts';
import type { RouteContext } from './route.ts';

/** What the route modules need from the rest of the service. */
export type ApiContext = {
  eventStore: EventStore;
  readStore: ReadStore;
  blobStore: BlobStore;
  /** Read-your-writes: resolves true once the read models include `checkpoint`, false when the bounded wait ran out. */
  awaitProjection(checkpoint: Checkpoint | null): Promise<boolean>;
  limits: { maxUploadBytes: number; uploadUrlTtlMs: number; generationWaitMs: number; maxConcurrentGenerations: number };
  /** Rejects an upload whose first bytes are of no accepted format; returns the format's name. */
  sniffUpload(head: Buffer, fileName: string | undefined): string | null;
  /** Rejects a lecture recording whose first bytes are no audio or video container; returns the container's name. */
  sniffRecording(head: Buffer): string | null;
  /** The key endpoints' secrets are derived from, and why a URL cannot be an endpoint (null when it can). */
  webhooks: { signingKey: string; refusal(url: string): Promise<string | null> };
  /** Verifies a PUT to a service-signed upload URL (embedded blob store); null when uploads go elsewhere. */
  verifyUpload: ((input: { key: string; query: Record<string, unknown>; method: string; contentType: string | undefined }) => UploadVerdict) | null;
};

export type UploadVerdict = { ok: true; maxBytes: number } | { ok: false; status: number; reason: string };

export const requireCaller = (caller: Caller | null): Caller => {
  if (!caller) throw new HttpError(401, 'missing x-api-key header');
  return caller;
};

/** The command context of an API key's call: its organization and key act, at the request's time. */
export const callerContext = (context: RouteContext): CommandContext & { organizationId: string } => {
  const caller = requireCaller(context.caller);
  return { correlationId: context.correlationId, organizationId: caller.organizationId, actorKeyId: caller.keyId, now: context.now() };
};

/** `doc` if it exists and belongs to the caller: 404 for unknown ids, 403 for another organization's. */
export function owned(doc: Doc | null, caller: Caller, label: string): Doc {
  if (!doc) throw new HttpError(404, `${label} not found`);
  if (doc['organizationId'] !== caller.organizationId) throw new HttpError(403, `this ${label} belongs to another organization`);
  return doc;
}

/**
 * Answers a write whose events are stored at `checkpoint`. `stored` is the answer that is true as
 * soon as the events are stored (for a create, 202 with the document the projections will write);
 * once the read models include the write, `read` answers from them (by default `stored` again).
 * If the read models lag past the read-your-writes wait, or anything fails after the append, the
 * request answers `stored`: never a 404 for what it just wrote.
 */
export async function answerWrite(
  api: ApiContext,
  context: RouteContext,
  checkpoint: Checkpoint | null,
  stored: Reply,
  read?: () => Promise<Reply>,
): Promise<Reply> {
  context.written(stored);
  if (!(await api.awaitProjection(checkpoint)) || !read) return stored;
  return read();
}
