import type { Checkpoint } from '../../ports/event-store.ts';
import { START } from '../../ports/event-store.ts';
import {
  ReadModelsOutOfStepError,
  ReadModelVersionRetiredError,
  type Doc,
  type IndexEntry,
  type ListQuery,
  type Page,
  type ReadModelSpace,
  type ReadStore,
  type ReadWrite,
} from '../../ports/read-store.ts';
import { decodeCursor, encodeCursor, isAfterCursor, newestFirst } from '../../projections/list-cursor.ts';

// The embedded read store: plain maps per version, rebuilt from the events at every start.

type Space = {
  docs: Map<string, Map<string, Doc>>;
  memberships: Map<string, IndexEntry[]>;
  indexes: Map<string, Map<string, number>>;
  checkpoint: Checkpoint;
};

const clone = <T>(value: T): T => structuredClone(value);

/**
 * Documents are copied once, when written, and frozen: readers share them without copying (a read is
 * the hot path of every GET), and a reader that tried to change one would fail loudly, not corrupt
 * the read models. Their depth is bounded (deeper events are parked before any projection runs).
 */
function frozenCopy<T>(value: T): T {
  const copy = clone(value);
  const freeze = (node: unknown) => {
    if (node === null || typeof node !== 'object' || Object.isFrozen(node)) return;
    Object.freeze(node);
    for (const child of Object.values(node)) freeze(child);
  };
  freeze(copy);
  return copy;
}

export function createMemoryReadStore(): ReadStore {
  const spaces = new Map<number, Space>();
  let activeVersion = 0;

  const spaceData = (version: number): Space => {
    let space = spaces.get(version);
    if (!space) {
      space = { docs: new Map(), memberships: new Map(), indexes: new Map(), checkpoint: START };
      spaces.set(version, space);
    }
    return space;
  };

  const docOf = (version: number, collection: string, id: string) => {
    const doc = spaces.get(version)?.docs.get(collection)?.get(id);
    return doc ?? null;
  };

  // A view holds no state of its own (it reads `spaces` on every call), so one per version serves every read.
  const views = new Map<number, ReadModelSpace>();
  const view = (version: number): ReadModelSpace => {
    let space = views.get(version);
    if (!space) views.set(version, (space = createView(version)));
    return space;
  };
  const createView = (version: number): ReadModelSpace => ({
    version,
    async get(collection, id) {
      return docOf(version, collection, id);
    },
    async getMany(refs) {
      return refs.map((ref) => docOf(version, ref.collection, ref.id));
    },
    async list(collection: string, query: ListQuery): Promise<Page> {
      const space = spaces.get(version);
      const index = space?.indexes.get(`${collection}\u0000${query.index}`);
      if (!space || !index) return { items: [] };
      const cursor = query.cursor ? decodeCursor(query.cursor) : null;
      const ordered = [...index]
        .map(([id, score]) => ({ id, score }))
        .sort(newestFirst)
        .filter((entry) => !cursor || isAfterCursor(entry, cursor));
      const page = ordered.slice(0, query.limit);
      const items = page.map((entry) => space.docs.get(collection)?.get(entry.id) as Doc);
      const last = page.at(-1);
      return ordered.length > query.limit && last ? { items, nextCursor: encodeCursor(last) } : { items };
    },
    async apply(writes: ReadWrite[], checkpoint: Checkpoint, expected?: Checkpoint) {
      const space = spaceData(version);
      if (expected !== undefined) {
        if (version < activeVersion) throw new ReadModelVersionRetiredError(version);
        if (space.checkpoint !== expected) throw new ReadModelsOutOfStepError(space.checkpoint);
      }
      if (checkpoint <= space.checkpoint) return false;
      for (const write of writes) applyWrite(space, write);
      space.checkpoint = checkpoint;
      return true;
    },
    async checkpoint() {
      return spaces.get(version)?.checkpoint ?? START;
    },
    async dump() {
      const result: Record<string, Record<string, Doc>> = {};
      // As Redis shows it: a collection whose documents were all deleted is not there.
      for (const [collection, docs] of spaces.get(version)?.docs ?? []) if (docs.size > 0) result[collection] = Object.fromEntries(clone([...docs]));
      return result;
    },
  });

  return {
    async active() {
      if (activeVersion === 0) {
        activeVersion = 1;
        spaceData(1);
      }
      return view(activeVersion);
    },
    space: (version) => view(version),
    async activeVersion() {
      if (activeVersion === 0) activeVersion = 1;
      return activeVersion;
    },
    async latestVersion() {
      return Math.max(activeVersion, ...spaces.keys(), 1);
    },
    async activate(version) {
      spaceData(version);
      activeVersion = version;
    },
    async drop(version) {
      if (version === activeVersion) throw new Error('the active version cannot be dropped');
      spaces.delete(version);
    },
    async ping() {},
    async close() {},
  };
}

function applyWrite(space: Space, write: ReadWrite) {
  const key = `${write.collection}\u0000${write.id}`;
  for (const entry of space.memberships.get(key) ?? []) space.indexes.get(`${write.collection}\u0000${entry.name}`)?.delete(write.id);
  if (write.kind === 'delete') {
    space.docs.get(write.collection)?.delete(write.id);
    space.memberships.delete(key);
    return;
  }
  let docs = space.docs.get(write.collection);
  if (!docs) space.docs.set(write.collection, (docs = new Map()));
  docs.set(write.id, frozenCopy(write.doc));
  space.memberships.set(key, write.indexes);
  for (const entry of write.indexes) {
    const indexKey = `${write.collection}\u0000${entry.name}`;
    let index = space.indexes.get(indexKey);
    if (!index) space.indexes.set(indexKey, (index = new Map()));
    index.set(write.id, entry.score);
  }
}
