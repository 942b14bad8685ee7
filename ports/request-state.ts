// Ports for the short-lived per-organization state the HTTP layer keeps: idempotency records and
// rate-limit counters. Adapters: in-memory (embedded) and Redis (shared by every api process).

/** The answer an idempotent retry replays. */
export type StoredReply = { status: number; body: unknown; headers?: Record<string, string> };

export type IdempotencyRecord = { state: 'in-progress'; fingerprint: string } | { state: 'done'; fingerprint: string; reply: StoredReply };

export interface IdempotencyStore {
  /** Reserves `key` for a request with `fingerprint`; returns the existing record instead when there is one. */
  reserve(key: string, fingerprint: string, ttlMs: number): Promise<IdempotencyRecord | null>;
  complete(key: string, record: Extract<IdempotencyRecord, { state: 'done' }>, ttlMs: number): Promise<void>;
  release(key: string): Promise<void>;
}

export type WindowCount = { count: number; resetMs: number };

export interface RateLimitStore {
  /** Counts one request in the current fixed window of `windowMs` for `key`. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** What the current window holds for `key`, without counting. */
  peek(key: string, windowMs: number): Promise<WindowCount>;
}

export type RequestStateStores = { idempotency: IdempotencyStore; rateLimits: RateLimitStore; close(): Promise<void> };
