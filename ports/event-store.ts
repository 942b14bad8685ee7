// The event-store port. Every adapter (SQLite, PostgreSQL, EventStoreDB) passes the shared contract
// suite in test/integration/event-store.contract.ts.

export type EventMetadata = {
  correlationId: string;
  causationId?: string;
  organizationId?: string;
  actorKeyId?: string;
  schemaVersion: number;
  recordedAt: string;
};

export type NewEvent = {
  /** Deterministic where a retried command could append twice; a repeated id is stored once. */
  id: string;
  type: string;
  data: Record<string, unknown>;
  metadata: EventMetadata;
};

/**
 * A position in the global order. Adapters encode it as a fixed-width string so that plain string
 * comparison orders checkpoints (also inside Redis Lua). The empty string is "before everything".
 */
export type Checkpoint = string;
export const START: Checkpoint = '';

export type RecordedEvent = NewEvent & {
  streamName: string;
  /** 0-based revision of the event inside its stream. */
  streamPosition: number;
  globalPosition: Checkpoint;
};

/** Store-neutral optimistic concurrency: a number is the revision of the stream's last event. */
export type ExpectedVersion = 'noStream' | 'any' | number;

export type AppendResult = {
  nextExpectedVersion: number;
  /** Global position of the last event appended (or found, on an idempotent retry). */
  lastCheckpoint: Checkpoint;
};

export class ConcurrencyError extends Error {
  readonly streamName: string;
  readonly expected: ExpectedVersion;
  readonly actual: number | 'noStream';
  constructor(streamName: string, expected: ExpectedVersion, actual: number | 'noStream') {
    super(`stream ${streamName}: expected version ${String(expected)}, actual ${String(actual)}`);
    this.name = 'ConcurrencyError';
    this.streamName = streamName;
    this.expected = expected;
    this.actual = actual;
  }
}

export type ReadAllOptions = { from?: Checkpoint; limit?: number };

export type SubscriptionHandler = (events: RecordedEvent[]) => Promise<void>;

export type Subscription = {
  /** Resolves once the subscription has stopped and its handler is no longer running. */
  stop(): Promise<void>;
  /** Rejects when the subscription fails for good (the handler threw). */
  done: Promise<void>;
};

export interface EventStore {
  append(streamName: string, events: NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult>;
  /** Events of one stream in order; an empty array for a stream that does not exist. */
  readStream(streamName: string, options?: { from?: number }): Promise<RecordedEvent[]>;
  /** Events after `from` in global order, at most `limit` (default 1000). */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Catch-up subscription: delivers every event after `from` in order, in batches, then new ones as they come. */
  subscribe(from: Checkpoint, handler: SubscriptionHandler, options?: { batchSize?: number }): Subscription;
  /** Checkpoint of the newest event readable now (START when empty). */
  headCheckpoint(): Promise<Checkpoint>;
  /** Cheap liveness probe for /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
