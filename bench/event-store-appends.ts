import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import type { NewEvent } from '../commands/event-store.ts';
import { openPostgresEventStore } from '../infrastructure/event-store/postgres.ts';
import { openSqliteEventStore } from '../infrastructure/event-store/sqlite.ts';

// Appends/s through the event-store port vs a plain single-row INSERT loop on the same database,
// measured in the same run: SQLite with one writer, PostgreSQL with 16 concurrent writers.
// Run: node bench/event-store-appends.ts [seconds=5]

const seconds = Number(process.argv[2] ?? 5);
const DATABASE = 'postgres://postgres@127.0.0.1:5432/test';
const event = (): NewEvent => ({
  id: randomUUID(),
  type: 'SourceIngested',
  data: { sourceId: randomUUID(), organizationId: 'org', sourceType: 'webpage', url: 'https://example.com/page', ingestedAt: new Date().toISOString() },
  metadata: { correlationId: randomUUID(), organizationId: 'org', schemaVersion: 1, recordedAt: new Date().toISOString() },
});
const payload = () => {
  const e = event();
  return [JSON.stringify(e.data), JSON.stringify(e.metadata), e.id] as const;
};

async function forDuration(workers: number, work: (worker: number, i: number) => Promise<void> | void): Promise<number> {
  const deadline = performance.now() + seconds * 1000;
  let count = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let i = 0; performance.now() < deadline; i++) {
        await work(worker, i);
        count++;
      }
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

const line = (name: string, plain: number, port: number) =>
  `${name.padEnd(34)} plain ${plain.toFixed(0).padStart(7)}/s   port ${port.toFixed(0).padStart(7)}/s   ratio ${((port / plain) * 100).toFixed(1)}% (target ≥ 50%)`;

// SQLite, one writer: a new stream per append (the common case: ingest, create organization).
const dir = mkdtempSync(join(tmpdir(), 'lcs-bench-es-'));
const raw = new DatabaseSync(join(dir, 'plain.sqlite'));
raw.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; CREATE TABLE t (id INTEGER PRIMARY KEY AUTOINCREMENT, stream TEXT, position INTEGER, event_id TEXT UNIQUE, type TEXT, data TEXT, metadata TEXT, UNIQUE(stream, position))');
const insert = raw.prepare('INSERT INTO t (stream, position, event_id, type, data, metadata) VALUES (?, 0, ?, ?, ?, ?)');
const sqlitePlain = await forDuration(1, () => {
  const [data, metadata, id] = payload();
  insert.run(`s-${id}`, id, 'SourceIngested', data, metadata);
});
raw.close();
const sqlite = openSqliteEventStore({ path: join(dir, 'port.sqlite') });
const sqlitePort = await forDuration(1, async () => {
  await sqlite.append(`source-${randomUUID()}`, [event()], 'noStream');
});
await sqlite.close();
rmSync(dir, { recursive: true, force: true });
console.log(line('SQLite, 1 writer', sqlitePlain, sqlitePort));

// PostgreSQL, 16 concurrent writers.
const schema = `bench_es_${randomBytes(4).toString('hex')}`;
const pool = new pg.Pool({ connectionString: DATABASE, max: 16 });
await pool.query(`CREATE SCHEMA "${schema}"; CREATE TABLE "${schema}".plain (id bigserial PRIMARY KEY, stream text, position int, event_id text UNIQUE, type text, data jsonb, metadata jsonb, UNIQUE(stream, position))`);
const pgPlain = await forDuration(16, async () => {
  const [data, metadata, id] = payload();
  await pool.query(`INSERT INTO "${schema}".plain (stream, position, event_id, type, data, metadata) VALUES ($1, 0, $2, 'SourceIngested', $3, $4)`, [`s-${id}`, id, data, metadata]);
});
const postgres = await openPostgresEventStore({ connectionString: DATABASE, schema });
const pgPort = await forDuration(16, async () => {
  await postgres.append(`source-${randomUUID()}`, [event()], 'noStream');
});
await postgres.close();
await pool.query(`DROP SCHEMA "${schema}" CASCADE`);
await pool.end();
console.log(line('PostgreSQL, 16 concurrent writers', pgPlain, pgPort));
