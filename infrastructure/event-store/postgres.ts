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
} from '../../commands/event-store.ts';
import { pollingSubscription } from './polling-subscription.ts';

// PostgreSQL event store. Global order must not skip an event whose transaction commits after a
// later-numbered one: each row records its transaction id, and readers only see rows of transactions
// older than the oldest one still running (pg_snapshot_xmin), ordered by (transaction, position) —
// the technique of Marten and Emmett. The checkpoint is that pair, fixed-width so strings compare.

const pad = (value: string | number) => String(value).padStart(20, '0');
const encode = (transactionId: string, position: string | number): Checkpoint => `${pad(transactionId)}:${pad(position)}`;
const decode = (checkpoint: Checkpoint): [string, string] => {
  if (checkpoint === START) return ['0', '0'];
  const [transactionId = '0', position = '0'] = checkpoint.split(':');
  return [String(BigInt(transactionId)), String(BigInt(position))];
};

type Row = {
  global_position: string;
  transaction_id: string;
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
  globalPosition: encode(row.transaction_id, row.global_position),
});

const UNIQUE_VIOLATION = '23505';

export async function openPostgresEventStore(options: { connectionString: string; schema?: string; pollIntervalMs?: number }): Promise<EventStore> {
  const schema = options.schema ?? 'public';
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
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

  const columns = 'global_position, transaction_id::text AS transaction_id, stream_name, stream_position, event_id, type, data, metadata';
  const VISIBLE = 'transaction_id < pg_snapshot_xmin(pg_current_snapshot())';
  const appendSql = `
    WITH cur AS (SELECT coalesce(max(stream_position), -1) AS v FROM ${table} WHERE stream_name = $1),
    ok AS (SELECT v FROM cur WHERE $2::text = 'any' OR ($2 = 'noStream' AND v = -1) OR (CASE WHEN $2 ~ '^-?[0-9]+$' THEN v = $2::int ELSE false END)),
    ins AS (
      INSERT INTO ${table} (stream_name, stream_position, event_id, type, data, metadata)
      SELECT $1, ok.v + e.n, e.id, e.type, e.data, e.meta
      FROM ok, unnest($3::text[], $4::text[], $5::jsonb[], $6::jsonb[]) WITH ORDINALITY AS e(id, type, data, meta, n)
      RETURNING stream_position, global_position, transaction_id
    )
    SELECT (SELECT v FROM cur) AS current,
           (SELECT max(stream_position) FROM ins) AS last_position,
           (SELECT max(global_position) FROM ins) AS last_global,
           (SELECT transaction_id::text FROM ins LIMIT 1) AS transaction_id`;

  const stored = async (streamName: string, events: NewEvent[]): Promise<AppendResult | null> => {
    const result = await pool.query<{ stream_name: string; version: number; transaction_id: string; global_position: string }>(
      `SELECT stream_name, max(stream_position) OVER () AS version, transaction_id::text AS transaction_id, global_position
       FROM ${table} WHERE event_id = ANY($1::text[]) ORDER BY global_position DESC LIMIT 1`,
      [events.map((event) => event.id)],
    );
    const row = result.rows[0];
    if (!row) return null;
    if (row.stream_name !== streamName) throw new Error(`event id already belongs to stream ${row.stream_name}`);
    return { nextExpectedVersion: row.version, lastCheckpoint: encode(row.transaction_id, row.global_position) };
  };

  // One LISTEN connection wakes every subscription of this store; it reconnects after a database
  // restart (meanwhile subscriptions fall back to polling).
  const wakers = new Set<() => void>();
  let listener: pg.Client | null = null;
  let closed = false;
  const listen = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: options.connectionString });
    client.on('notification', () => {
      for (const wake of wakers) wake();
    });
    const reconnect = () => {
      if (closed || listener !== client) return;
      listener = null;
      setTimeout(() => void listen().catch(() => setTimeout(reconnectLater, 1000)), 1000).unref();
    };
    client.on('error', reconnect);
    client.on('end', reconnect);
    listener = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      if (listener === client) listener = null;
      throw error;
    }
    for (const wake of wakers) wake();
  };
  const reconnectLater = () => {
    if (!closed && !listener) void listen().catch(() => setTimeout(reconnectLater, 1000).unref());
  };
  await listen();
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

  const store: EventStore = {
    async append(streamName: string, events: NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult> {
      if (events.length === 0) throw new Error('append needs at least one event');
      let row;
      try {
        const result = await pool.query({
          name: `lcs-append-${schema}`,
          text: appendSql,
          values: [
            streamName,
            String(expectedVersion),
            events.map((event) => event.id),
            events.map((event) => event.type),
            events.map((event) => JSON.stringify(event.data)),
            events.map((event) => JSON.stringify(event.metadata)),
          ],
        });
        row = result.rows[0] as { current: number; last_position: number | null; last_global: string | null; transaction_id: string | null };
      } catch (error) {
        if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
        const retried = await stored(streamName, events);
        if (retried) return retried;
        const current = await pool.query<{ v: number | null }>(`SELECT max(stream_position) AS v FROM ${table} WHERE stream_name = $1`, [streamName]);
        throw new ConcurrencyError(streamName, expectedVersion, current.rows[0]?.v ?? 'noStream');
      }
      if (row.last_position === null || row.last_global === null || row.transaction_id === null) {
        const retried = await stored(streamName, events);
        if (retried) return retried;
        throw new ConcurrencyError(streamName, expectedVersion, row.current === -1 ? 'noStream' : row.current);
      }
      notifySoon();
      return { nextExpectedVersion: row.last_position, lastCheckpoint: encode(row.transaction_id, row.last_global) };
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
      const result = await pool.query<{ transaction_id: string; global_position: string }>(
        `SELECT transaction_id::text AS transaction_id, global_position FROM ${table} WHERE ${VISIBLE}
         ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
      );
      const row = result.rows[0];
      return row ? encode(row.transaction_id, row.global_position) : START;
    },

    async ping() {
      await pool.query('SELECT 1');
    },

    async close() {
      if (trailing) clearTimeout(trailing);
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      closed = true;
      await listener?.end().catch(() => undefined);
      await pool.end();
    },
  };
  return store;
}
