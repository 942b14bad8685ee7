import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import {
  type AppendResult,
  type Checkpoint,
  ConcurrencyError,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type RecordedEvent,
  START,
  type Subscription,
} from '../../ports/event-store.ts';
import { pollingSubscription } from './polling-subscription.ts';

// PostgreSQL event store. Global order must not skip an event whose transaction commits after a
// later-numbered one: each row records its transaction id, and readers only see rows of transactions
// older than the oldest one still running (pg_snapshot_xmin), ordered by (transaction, position) —
// the technique of Marten and Emmett. The checkpoint is that pair, fixed-width so strings compare.

const pad = (value: string | number) => String(value).padStart(20, '0');
const encode = (transactionId: string, position: string | number): Checkpoint => `${pad(transactionId)}:${pad(position)}`;
const decode = (checkpoint: Checkpoint): [string, string] => {
  if (checkpoint === START) return ['0', '0'];
  const match = /^(\d{20}):(\d{20})$/.exec(checkpoint);
  if (!match) throw new Error(`not a PostgreSQL event-store checkpoint: ${checkpoint}`);
  return [String(BigInt(match[1] as string)), String(BigInt(match[2] as string))];
};

type Row = {
  global_position: string;
  transaction_text: string;
  stream_name: string;
  stream_position: number;
  event_id: string;
  type: string;
  data: Record<string, unknown>;
  metadata: RecordedEvent['metadata'];
};

const toRecorded = (row: Row): RecordedEvent => ({
  id: row.event_id,
  type: row.type,
  data: row.data,
  metadata: row.metadata,
  streamName: row.stream_name,
  streamPosition: row.stream_position,
  globalPosition: encode(row.transaction_text, row.global_position),
});

const UNIQUE_VIOLATION = '23505';
/** How often an append with expected version `any` may lose the race for the stream's next position. */
const ANY_ATTEMPTS = 10;

const checkedSchema = (schema: string) => {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
  return schema;
};

type AppendedRow = { stream_position: number; global_position: string; transaction_text: string };

/**
 * The single statement of an append: reads the stream's version, checks the expectation and inserts
 * the events, so an append is one round trip and one short transaction. The events travel as one
 * JSON document (cheaper to encode and parse than arrays of JSON); no row comes back when the
 * expectation fails. Exported so a test can run it inside a transaction it holds open.
 */
export function appendStatement(schema: string): (streamName: string, events: NewEvent[], expectedVersion: ExpectedVersion) => pg.QueryConfig {
  const table = `"${checkedSchema(schema)}".events`;
  const text = `
    INSERT INTO ${table} (stream_name, stream_position, event_id, type, data, metadata)
    SELECT $1, current.version + e.n, e.event->>'id', e.event->>'type', e.event->'data', e.event->'metadata'
    FROM (SELECT coalesce(max(stream_position), -1) AS version FROM ${table} WHERE stream_name = $1) AS current,
         jsonb_array_elements($3::jsonb) WITH ORDINALITY AS e(event, n)
    WHERE $2::integer IS NULL OR current.version = $2
    RETURNING stream_position, global_position, transaction_id::text AS transaction_text`;
  const name = `lcs-append-${schema}`;
  return (streamName, events, expectedVersion) => ({
    name,
    text,
    // 'any' checks nothing; 'noStream' is the version of a stream without events, -1.
    values: [streamName, expectedVersion === 'any' ? null : expectedVersion === 'noStream' ? -1 : expectedVersion, JSON.stringify(events)],
  });
}

export async function openPostgresEventStore(options: { connectionString: string; schema?: string; pollIntervalMs?: number }): Promise<EventStore> {
  const schema = checkedSchema(options.schema ?? 'public');
  const table = `"${schema}".events`;
  const channel = `lcs_events_${schema}`;
  const pool = new pg.Pool({ connectionString: options.connectionString, max: 20 });
  pool.on('error', () => undefined);
  await pool.query(`
    CREATE SCHEMA IF NOT EXISTS "${schema}";
    CREATE TABLE IF NOT EXISTS ${table} (
      global_position bigserial PRIMARY KEY,
      transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
      stream_name text NOT NULL,
      stream_position integer NOT NULL,
      event_id text NOT NULL UNIQUE,
      type text NOT NULL,
      data jsonb NOT NULL,
      metadata jsonb NOT NULL,
      UNIQUE (stream_name, stream_position)
    );
    CREATE INDEX IF NOT EXISTS events_global_order ON ${table} (transaction_id, global_position);
  `);

  // The transaction id travels as text (node-postgres has no 64-bit integer), under another name
  // than the column: ORDER BY resolves an output name before a column, and ordering by the text
  // would put transaction 1000000 before 999999, so a reader paging across such a boundary skipped
  // every event on the other side of it.
  const columns = 'global_position, transaction_id::text AS transaction_text, stream_name, stream_position, event_id, type, data, metadata';
  const VISIBLE = 'transaction_id < pg_snapshot_xmin(pg_current_snapshot())';
  const appendQuery = appendStatement(schema);

  /** What an earlier attempt of this append stored, if its events are already there. */
  const stored = async (streamName: string, events: NewEvent[]): Promise<AppendResult | null> => {
    const result = await pool.query<{ stream_name: string; version: number; transaction_text: string; global_position: string }>(
      `SELECT stream_name, max(stream_position) OVER () AS version, transaction_id::text AS transaction_text, global_position
       FROM ${table} WHERE event_id = ANY($1::text[]) ORDER BY global_position DESC LIMIT 1`,
      [events.map((event) => event.id)],
    );
    const row = result.rows[0];
    if (!row) return null;
    if (row.stream_name !== streamName) throw new Error(`event id already belongs to stream ${row.stream_name}`);
    return { nextExpectedVersion: row.version, lastCheckpoint: encode(row.transaction_text, row.global_position) };
  };
  const currentVersion = async (streamName: string): Promise<number | 'noStream'> => {
    const result = await pool.query<{ v: number | null }>(`SELECT max(stream_position) AS v FROM ${table} WHERE stream_name = $1`, [streamName]);
    return result.rows[0]?.v ?? 'noStream';
  };

  // One LISTEN connection wakes every subscription of this store. It reconnects after a database
  // restart (meanwhile subscriptions fall back to polling) and then wakes them, for what they missed.
  const wakers = new Set<() => void>();
  const wakeAll = () => {
    for (const wake of wakers) wake();
  };
  const closing = new AbortController();
  let listener: pg.Client | null = null;
  let listening: () => void = () => undefined;
  const firstAttempt = new Promise<void>((resolve) => (listening = resolve));
  const listenLoop = (async () => {
    while (!closing.signal.aborted) {
      const client = new pg.Client({ connectionString: options.connectionString });
      listener = client;
      client.on('error', () => undefined);
      const ended = new Promise<void>((resolve) => client.once('end', resolve));
      try {
        await client.connect();
        client.on('notification', wakeAll);
        await client.query(`LISTEN ${channel}`);
        listening();
        wakeAll();
        if (!closing.signal.aborted) await ended;
      } catch {
        // Unreachable for now: subscriptions poll until the next attempt.
      }
      listener = null;
      listening();
      await client.end().catch(() => undefined);
      await sleep(1000, undefined, { signal: closing.signal }).catch(() => undefined);
    }
  })();
  await firstAttempt;
  const subscriptions = new Set<Subscription>();

  // NOTIFY inside the append would serialise every commit on PostgreSQL's notification queue lock;
  // instead, after appends, at most one NOTIFY per interval goes out on its own, and one always
  // follows the last append of a burst.
  const NOTIFY_INTERVAL_MS = 10;
  let lastNotify = 0;
  let trailing: NodeJS.Timeout | null = null;
  const notify = () => {
    lastNotify = Date.now();
    pool.query('SELECT pg_notify($1, $2)', [channel, '']).catch(() => undefined);
  };
  const notifySoon = () => {
    if (Date.now() - lastNotify >= NOTIFY_INTERVAL_MS) return notify();
    trailing ??= setTimeout(() => {
      trailing = null;
      notify();
    }, NOTIFY_INTERVAL_MS);
  };

  const appendOnce = async (streamName: string, events: NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult | 'lostRace'> => {
    let rows: AppendedRow[];
    try {
      rows = (await pool.query<AppendedRow>(appendQuery(streamName, events, expectedVersion))).rows;
    } catch (error) {
      if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
      // Either these events are already stored (a retry) or another append took the positions.
      const retried = await stored(streamName, events);
      if (retried) return retried;
      if (expectedVersion === 'any') return 'lostRace';
      throw new ConcurrencyError(streamName, expectedVersion, await currentVersion(streamName));
    }
    if (rows.length === 0) {
      const retried = await stored(streamName, events);
      if (retried) return retried;
      throw new ConcurrencyError(streamName, expectedVersion, await currentVersion(streamName));
    }
    // One transaction id for all rows; the append's checkpoint is its highest position.
    const version = Math.max(...rows.map((row) => row.stream_position));
    const position = rows.map((row) => BigInt(row.global_position)).reduce((a, b) => (b > a ? b : a));
    notifySoon();
    return { nextExpectedVersion: version, lastCheckpoint: encode((rows[0] as AppendedRow).transaction_text, String(position)) };
  };

  const store: EventStore = {
    async append(streamName, events, expectedVersion) {
      if (events.length === 0) throw new Error('append needs at least one event');
      for (let attempt = 1; ; attempt++) {
        const result = await appendOnce(streamName, events, expectedVersion);
        if (result !== 'lostRace') return result;
        if (attempt === ANY_ATTEMPTS) throw new Error(`stream ${streamName}: no free position after ${ANY_ATTEMPTS} attempts`);
      }
    },

    async readStream(streamName, readOptions = {}) {
      const result = await pool.query<Row>(`SELECT ${columns} FROM ${table} WHERE stream_name = $1 AND stream_position >= $2 ORDER BY stream_position`, [
        streamName,
        readOptions.from ?? 0,
      ]);
      return result.rows.map(toRecorded);
    },

    async readAll(readOptions = {}) {
      const [transactionId, position] = decode(readOptions.from ?? START);
      const result = await pool.query<Row>(
        `SELECT ${columns} FROM ${table}
         WHERE ${VISIBLE} AND (transaction_id, global_position) > ($1::xid8, $2::bigint)
         ORDER BY transaction_id, global_position LIMIT $3`,
        [transactionId, position, readOptions.limit ?? 1000],
      );
      return result.rows.map(toRecorded);
    },

    subscribe(from, handler, subscribeOptions = {}) {
      decode(from);
      return pollingSubscription({
        from,
        handler,
        batchSize: subscribeOptions.batchSize ?? 500,
        pollIntervalMs: options.pollIntervalMs ?? 500,
        read: (checkpoint, limit) => store.readAll({ from: checkpoint, limit }),
        onWake: (wake) => {
          wakers.add(wake);
          return () => wakers.delete(wake);
        },
        registry: subscriptions,
      });
    },

    async headCheckpoint() {
      const result = await pool.query<{ transaction_text: string; global_position: string }>(
        `SELECT transaction_id::text AS transaction_text, global_position FROM ${table} WHERE ${VISIBLE}
         ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
      );
      const row = result.rows[0];
      return row ? encode(row.transaction_text, row.global_position) : START;
    },

    async ping() {
      await pool.query('SELECT 1');
    },

    async close() {
      if (trailing) clearTimeout(trailing);
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      closing.abort();
      await listener?.end().catch(() => undefined);
      await listenLoop;
      await pool.end();
    },
  };
  return store;
}
