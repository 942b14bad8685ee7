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

/** A request counted in its window, or refused uncounted while the blocking window is full. */
export type Admission = ({ admitted: true } & WindowCount) | { admitted: false; resetMs: number };

export interface RateLimitStore {
  /** Counts one request in the current fixed window of `windowMs` for `key`. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** What the current window holds for `key`, without counting. */
  peek(key: string, windowMs: number): Promise<WindowCount>;
  /**
   * `peek(blocker.key)` and, unless it holds `blocker.limit` or more, `hit(key)`, as one step: an
   * authenticated request is checked against its address's failures and counted for its
   * organization in one round trip. `resetMs` of a refusal is the blocking window's.
   */
  hitUnlessBlocked(key: string, windowMs: number, blocker: { key: string; limit: number }): Promise<Admission>;
}

export type RequestStateStores = { idempotency: IdempotencyStore; rateLimits: RateLimitStore; close(): Promise<void> };
