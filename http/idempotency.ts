import { createHash } from 'node:crypto';
import { HttpError } from './http-error.ts';
import type { IdempotencyStore } from '../ports/request-state.ts';
import type { Reply } from './reply.ts';

// Idempotency-Key on POST: the same key with the same request returns the first answer (status and
// body) without doing the work again; the same key with another request is a 409. Keys are scoped
// to the organization (or to the administrator).

const KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * How long a key stays reserved by a request that has not finished: a process killed mid-request
 * never releases it, and its client's retry must not meet "still in progress" for a day. Letting a
 * retry through early is safe: the resource id comes from the key, so both attempts meet one stream.
 */
const IN_PROGRESS_MS = 30_000;

export type IdempotencySession = {
  /**
   * The id of the resource this request creates, derived from the organization and the key: a retry
   * after any partial failure meets the stream its first attempt created instead of making another.
   */
  resourceId: string;
  /** Checks `fingerprint` against an earlier use of the key; returns that use's answer to replay, or null to go on. */
  begin(fingerprint: string): Promise<Reply | null>;
  finish(reply: Reply): Promise<void>;
  abandon(): Promise<void>;
};

export const fingerprintOf = (...parts: unknown[]): string => createHash('sha256').update(JSON.stringify(parts)).digest('hex');

export function idempotencySession(store: IdempotencyStore, scope: string, header: string | undefined, ttlMs: number): IdempotencySession | null {
  if (header === undefined) return null;
  if (!KEY.test(header)) throw new HttpError(400, 'Idempotency-Key must be 1 to 255 visible ASCII characters');
  const key = `${scope}:${createHash('sha256').update(header).digest('hex')}`;
  let fingerprint: string | null = null;
  return {
    resourceId: nameBasedUuid(key),
    async begin(requestFingerprint) {
      const existing = await store.reserve(key, requestFingerprint, Math.min(ttlMs, IN_PROGRESS_MS));
      if (existing && existing.fingerprint !== requestFingerprint) {
        throw new HttpError(409, 'this Idempotency-Key was already used with a different request');
      }
      if (existing?.state === 'in-progress') {
        throw new HttpError(409, 'a request with this Idempotency-Key is still in progress; retry later', { 'Retry-After': '1' });
      }
      if (existing?.state === 'done') return { ...existing.reply, headers: { ...existing.reply.headers, 'Idempotent-Replayed': 'true' } };
      fingerprint = requestFingerprint;
      return null;
    },
    async finish(reply) {
      if (fingerprint === null) return;
      await store.complete(key, { state: 'done', fingerprint, reply }, ttlMs);
    },
    async abandon() {
      if (fingerprint !== null) await store.release(key);
    },
  };
}

/** An RFC 9562 version 5 (name-based, SHA-1) UUID of `name` in this service's namespace. */
function nameBasedUuid(name: string): string {
  const bytes = createHash('sha1').update(IDEMPOTENT_RESOURCES).update(name).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The namespace UUID's bytes (a random constant: ids derived here never collide with other v5 ids). */
const IDEMPOTENT_RESOURCES = Buffer.from('6f1c2a5e93b84d0a8f3e2b7c41d95a60', 'hex');
