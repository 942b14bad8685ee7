import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import {
  type AppendResult,
  type Checkpoint,
  ConcurrencyError,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type ReadAllOptions,
  type RecordedEvent,
  START,
  type Subscription,
} from '../../ports/event-store.ts';
import { pollingSubscription } from './polling-subscription.ts';

// The embedded event store: one SQLite file (WAL). The rowid is the global position; SQLite has one
// writer per file at a time, so global order is commit order and a checkpoint is just the rowid.

const encode = (position: number | bigint): Checkpoint => String(position).padStart(20, '0');
const decode = (checkpoint: Checkpoint): number => {
  if (checkpoint === START) return 0;
  // A checkpoint of another store (say PostgreSQL's pair) would otherwise compare as NULL and stall
  // a subscription without a word.
  if (!/^\d{20}$/.test(checkpoint)) throw new Error(`not a SQLite event-store checkpoint: ${checkpoint}`);
  return Number(checkpoint);
};

// Reads return rows as arrays, in this column order: cheaper than an object per row, which counts
// when a rebuild reads every event.
const EVENT_COLUMNS = 'global_position, stream_name, stream_position, event_id, type, data, metadata';
type Row = [globalPosition: number, streamName: string, streamPosition: number, eventId: string, type: string, data: string, metadata: string];

const toRecorded = (row: Row): RecordedEvent => ({
  id: row[3],
  type: row[4],
  data: JSON.parse(row[5]) as Record<string, unknown>,
  metadata: JSON.parse(row[6]) as RecordedEvent['metadata'],
  streamName: row[1],
  streamPosition: row[2],
  globalPosition: encode(row[0]),
});

const returningArrays = (statement: StatementSync) => {
  statement.setReturnArrays(true);
  return statement;
};

// Appends wake every subscription of this process on the same file at once (even through another
// store instance); other processes' appends are found by polling.
const appended = new EventEmitter();
appended.setMaxListeners(0);

export function openSqliteEventStore(options: { path: string; pollIntervalMs?: number }): EventStore {
  const inMemory = options.path === ':memory:';
  if (!inMemory) mkdirSync(dirname(options.path), { recursive: true });
  const channel: string | symbol = inMemory ? Symbol('memory') : resolve(options.path);
  const db = new DatabaseSync(options.path);
  db.exec(`
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = NORMAL;
    PRAGMA busy_timeout = 5000;
    CREATE TABLE IF NOT EXISTS events (
      global_position INTEGER PRIMARY KEY AUTOINCREMENT,
      stream_name TEXT NOT NULL,
      stream_position INTEGER NOT NULL,
      event_id TEXT NOT NULL UNIQUE,
      type TEXT NOT NULL,
      data TEXT NOT NULL,
      metadata TEXT NOT NULL,
      UNIQUE (stream_name, stream_position)
    );
  `);
  const pollIntervalMs = options.pollIntervalMs ?? 200;
  const subscriptions = new Set<Subscription>();

  const statements = {
    version: db.prepare('SELECT MAX(stream_position) AS version FROM events WHERE stream_name = ?'),
    streamOf: db.prepare('SELECT stream_name FROM events WHERE event_id = ?'),
    storedAs: db.prepare(
      'SELECT MAX(stream_position) AS version, MAX(global_position) AS position FROM events WHERE event_id IN (SELECT value FROM json_each(?))',
    ),
    insert: db.prepare('INSERT INTO events (stream_name, stream_position, event_id, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?) RETURNING global_position'),
    readStream: returningArrays(db.prepare(`SELECT ${EVENT_COLUMNS} FROM events WHERE stream_name = ? AND stream_position >= ? ORDER BY stream_position`)),
    readAll: returningArrays(db.prepare(`SELECT ${EVENT_COLUMNS} FROM events WHERE global_position > ? ORDER BY global_position LIMIT ?`)),
    head: db.prepare('SELECT MAX(global_position) AS head FROM events'),
    ping: db.prepare('SELECT 1'),
  } satisfies Record<string, StatementSync>;

  // IMMEDIATE takes the write lock up front, so the version read and the inserts cannot interleave
  // with another process's append (busy_timeout makes it wait its turn).
  const transaction = <T>(work: () => T): T => {
    db.exec('BEGIN IMMEDIATE');
    try {
      const result = work();
      db.exec('COMMIT');
      return result;
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK');
      throw error;
    }
  };

  const appendNow = (streamName: string, events: NewEvent[], expectedVersion: ExpectedVersion): AppendResult & { fresh: boolean } => {
    const first = events[0] as NewEvent;
    const owner = statements.streamOf.get(first.id) as { stream_name: string } | undefined;
    if (owner) {
      if (owner.stream_name !== streamName) throw new Error(`event id ${first.id} already belongs to stream ${owner.stream_name}`);
      const stored = statements.storedAs.get(JSON.stringify(events.map((event) => event.id))) as { version: number; position: number };
      return { nextExpectedVersion: stored.version, lastCheckpoint: encode(stored.position), fresh: false };
    }
    const current = (statements.version.get(streamName) as { version: number | null }).version;
    const conflict = expectedVersion === 'noStream' ? current !== null : typeof expectedVersion === 'number' && current !== expectedVersion;
    if (conflict) throw new ConcurrencyError(streamName, expectedVersion, current ?? 'noStream');
    let position = current ?? -1;
    let last = 0;
    for (const event of events) {
      position++;
      const row = statements.insert.get(streamName, position, event.id, event.type, JSON.stringify(event.data), JSON.stringify(event.metadata)) as {
        global_position: number;
      };
      last = row.global_position;
    }
    return { nextExpectedVersion: position, lastCheckpoint: encode(last), fresh: true };
  };

  const store: EventStore = {
    async append(streamName, events, expectedVersion) {
      if (events.length === 0) throw new Error('append needs at least one event');
      const { fresh, ...result } = transaction(() => appendNow(streamName, events, expectedVersion));
      if (fresh) appended.emit(channel);
      return result;
    },

    async readStream(streamName, readOptions = {}) {
      return (statements.readStream.all(streamName, readOptions.from ?? 0) as unknown as Row[]).map(toRecorded);
    },

    async readAll(readOptions: ReadAllOptions = {}) {
      return (statements.readAll.all(decode(readOptions.from ?? START), readOptions.limit ?? 1000) as unknown as Row[]).map(toRecorded);
    },

    subscribe(from, handler, subscribeOptions = {}) {
      decode(from);
      return pollingSubscription({
        from,
        handler,
        batchSize: subscribeOptions.batchSize ?? 500,
        pollIntervalMs,
        read: (checkpoint, limit) => store.readAll({ from: checkpoint, limit }),
        onWake: (wake) => {
          appended.on(channel, wake);
          return () => appended.off(channel, wake);
        },
        registry: subscriptions,
      });
    },

    async headCheckpoint() {
      const row = statements.head.get() as { head: number | null };
      return row.head === null ? START : encode(row.head);
    },

    async ping() {
      statements.ping.get();
    },

    async close() {
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      if (db.isOpen) db.close();
    },
  };
  return store;
}
