import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
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
} from '../../commands/event-store.ts';
import { pollingSubscription } from './polling-subscription.ts';

// The embedded event store: one SQLite file (WAL). The rowid is the global position; a single writer
// per file, so global order is commit order.

const encode = (position: number | bigint): Checkpoint => String(position).padStart(20, '0');
const decode = (checkpoint: Checkpoint): number => (checkpoint === START ? 0 : Number(checkpoint));

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

export function openSqliteEventStore(options: { path: string; pollIntervalMs?: number }): EventStore {
  if (options.path !== ':memory:') mkdirSync(dirname(options.path), { recursive: true });
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
  // Other processes' appends are seen by polling; this process's wake subscribers at once.
  const pollIntervalMs = options.pollIntervalMs ?? 200;
  const appended = new EventEmitter();
  appended.setMaxListeners(0);
  const subscriptions = new Set<Subscription>();

  const statements = {
    version: db.prepare('SELECT MAX(stream_position) AS version FROM events WHERE stream_name = ?'),
    findEvent: db.prepare('SELECT stream_name, stream_position, global_position FROM events WHERE event_id = ?'),
    insert: db.prepare(
      'INSERT INTO events (stream_name, stream_position, event_id, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?) RETURNING global_position',
    ),
    readStream: returningArrays(db.prepare(`SELECT ${EVENT_COLUMNS} FROM events WHERE stream_name = ? AND stream_position >= ? ORDER BY stream_position`)),
    readAll: returningArrays(db.prepare(`SELECT ${EVENT_COLUMNS} FROM events WHERE global_position > ? ORDER BY global_position LIMIT ?`)),
    head: db.prepare('SELECT MAX(global_position) AS head FROM events'),
    lastOf: db.prepare('SELECT MAX(stream_position) AS version, MAX(global_position) AS position FROM events WHERE event_id IN (SELECT value FROM json_each(?))'),
  } satisfies Record<string, StatementSync>;

  const transaction = <T>(work: () => T): T => {
    db.exec('BEGIN IMMEDIATE');
    try {
      const result = work();
      db.exec('COMMIT');
      return result;
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  };

  const store: EventStore = {
    async append(streamName: string, events: NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult> {
      if (events.length === 0) throw new Error('append needs at least one event');
      const result = transaction(() => {
        const first = events[0] as NewEvent;
        const existing = statements.findEvent.get(first.id) as { stream_name: string } | undefined;
        if (existing) {
          if (existing.stream_name !== streamName) throw new Error(`event id ${first.id} already belongs to stream ${existing.stream_name}`);
          const stored = statements.lastOf.get(JSON.stringify(events.map((e) => e.id))) as { version: number; position: number };
          return { nextExpectedVersion: stored.version, lastCheckpoint: encode(stored.position), fresh: false };
        }
        const row = statements.version.get(streamName) as { version: number | null };
        const current = row.version;
        if (expectedVersion === 'noStream' ? current !== null : typeof expectedVersion === 'number' && current !== expectedVersion) {
          throw new ConcurrencyError(streamName, expectedVersion, current ?? 'noStream');
        }
        let position = current ?? -1;
        let last = 0;
        for (const event of events) {
          position++;
          const inserted = statements.insert.get(streamName, position, event.id, event.type, JSON.stringify(event.data), JSON.stringify(event.metadata)) as {
            global_position: number;
          };
          last = inserted.global_position;
        }
        return { nextExpectedVersion: position, lastCheckpoint: encode(last), fresh: true };
      });
      if (result.fresh) appended.emit('append');
      return { nextExpectedVersion: result.nextExpectedVersion, lastCheckpoint: result.lastCheckpoint };
    },

    async readStream(streamName, options = {}) {
      return (statements.readStream.all(streamName, options.from ?? 0) as unknown as Row[]).map(toRecorded);
    },

    async readAll(options: ReadAllOptions = {}) {
      return (statements.readAll.all(decode(options.from ?? START), options.limit ?? 1000) as unknown as Row[]).map(toRecorded);
    },

    subscribe(from, handler, subscribeOptions = {}) {
      return pollingSubscription({
        from,
        handler,
        batchSize: subscribeOptions.batchSize ?? 500,
        read: (checkpoint, limit) => store.readAll({ from: checkpoint, limit }),
        pollIntervalMs: pollIntervalMs,
        onWake: (wake) => {
          appended.on('append', wake);
          return () => appended.off('append', wake);
        },
        registry: subscriptions,
      });
    },

    async headCheckpoint() {
      const row = statements.head.get() as { head: number | null };
      return row.head === null ? START : encode(row.head);
    },

    async ping() {
      db.prepare('SELECT 1').get();
    },

    async close() {
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      if (db.isOpen) db.close();
    },
  };
  return store;
}
