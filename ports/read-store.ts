import type { Checkpoint } from './event-store.ts';

// The read-store port. Adapters: in-memory (embedded default) and Redis; both pass the contract suite
// in test/integration/read-store.contract.ts.

export type Doc = Record<string, unknown>;

/** A list index a document belongs to (e.g. `org:<id>` or `org:<id>:source:<id>`), ordered by score. */
export type IndexEntry = { name: string; score: number };

export type ReadWrite =
  /** `unindexed`: the document never belongs to any index, so the store can skip index bookkeeping. */
  { kind: 'put'; collection: string; id: string; doc: Doc; indexes: IndexEntry[]; unindexed?: true } | { kind: 'delete'; collection: string; id: string };

/** A document's address. */
export type DocRef = { collection: string; id: string };

export type ListQuery = { index: string; limit: number; cursor?: string };
/** Newest (highest score) first; `nextCursor` is opaque and present while more items remain. */
export type Page = { items: Doc[]; nextCursor?: string };

/** One version of the read models, in its own key space. */
export interface ReadModelSpace {
  readonly version: number;
  get(collection: string, id: string): Promise<Doc | null>;
  /** Several documents in one round trip, in the order asked; null for each that does not exist. */
  getMany(refs: DocRef[]): Promise<Array<Doc | null>>;
  list(collection: string, query: ListQuery): Promise<Page>;
  /**
   * Commits the writes and the checkpoint together, only if `checkpoint` is after the stored one.
   * Returns false (and changes nothing) for a replayed batch. With `expected`, the live writer's
   * checks, atomic with the writes: the store must be exactly at `expected`, or nothing is applied
   * and ReadModelsOutOfStepError says where it is (it lost its data, e.g. a Redis restart without
   * persistence, or another writer moved it on: a batch is never applied over events it already
   * holds); and a version older than the active one (retired by a rebuild) takes no writes:
   * ReadModelVersionRetiredError.
   */
  apply(writes: ReadWrite[], checkpoint: Checkpoint, expected?: Checkpoint): Promise<boolean>;
  checkpoint(): Promise<Checkpoint>;
  /**
   * Optional fast path for a version being built that nobody reads yet (a rebuild): applies writes
   * in order without the per-batch checkpoint comparison. The caller must be this space's only
   * writer, starting from empty; a crash leaves a version that is never activated.
   */
  applyBulk?(writes: ReadWrite[], checkpoint: Checkpoint): Promise<void>;
  /** Every document of every collection, for comparing two versions (tests, rebuild verification). */
  dump(): Promise<Record<string, Record<string, Doc>>>;
}

/** Blue/green versions of the read models behind a pointer that the API follows. */
export interface ReadStore {
  /** The version the API serves; created (empty, version 1) when none exists. */
  active(): Promise<ReadModelSpace>;
  space(version: number): ReadModelSpace;
  activeVersion(): Promise<number>;
  /** Highest version that exists (active or being built). */
  latestVersion(): Promise<number>;
  /** Points readers (and the live projector) at `version`. */
  activate(version: number): Promise<void>;
  drop(version: number): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class ReadModelsOutOfStepError extends Error {
  readonly stored: Checkpoint;
  constructor(stored: Checkpoint) {
    super(`the read models are at ${stored || 'the start'}, not where their writer expected`);
    this.name = 'ReadModelsOutOfStepError';
    this.stored = stored;
  }
}

export class ReadModelVersionRetiredError extends Error {
  constructor(version: number) {
    super(`read-model version ${version} was retired by a rebuild`);
    this.name = 'ReadModelVersionRetiredError';
  }
}
