import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import type { NewEvent } from '../ports/event-store.ts';
import { openPostgresEventStore } from '../infrastructure/event-store/postgres.ts';
import { openSqliteEventStore } from '../infrastructure/event-store/sqlite.ts';

// Appends/s through the event-store port vs a plain single-row INSERT loop on the same database,
// measured in the same run: SQLite with one writer, PostgreSQL with 16 concurrent writers, each
// appending to new streams of its own. Plain and port runs alternate over a few rounds (after a
// warm-up) and the medians are compared, so drift on a shared machine hits both alike.
// Run: node bench/event-store-appends.ts [seconds per run = 2] [rounds = 3]

const seconds = Number(process.argv[2] ?? 2);
const rounds = Number(process.argv[3] ?? 3);
const DATABASE = process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const WRITERS = 16;

const event = (): NewEvent => ({
  id: randomUUID(),
  type: 'SourceIngested',
  data: { sourceId: randomUUID(), organizationId: 'org', sourceType: 'webpage', url: 'https://example.com/page', ingestedAt: new Date().toISOString() },
  metadata: { correlationId: randomUUID(), organizationId: 'org', schemaVersion: 1, recordedAt: new Date().toISOString() },
});

async function rate(workers: number, runSeconds: number, work: () => Promise<void> | void): Promise<number> {
  const started = performance.now();
  const deadline = started + runSeconds * 1000;
  let count = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < deadline) {
        await work();
        count++;
      }
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

async function compare(name: string, workers: number, plain: () => Promise<void> | void, port: () => Promise<void> | void) {
  await rate(workers, 0.5, plain);
  await rate(workers, 0.5, port);
  const plainRates: number[] = [];
  const portRates: number[] = [];
  for (let round = 0; round < rounds; round++) {
    // Alternate which goes first, so neither always runs on a warmer (or fuller) database.
    if (round % 2 === 0) {
      plainRates.push(await rate(workers, seconds, plain));
      portRates.push(await rate(workers, seconds, port));
    } else {
      portRates.push(await rate(workers, seconds, port));
      plainRates.push(await rate(workers, seconds, plain));
    }
  }
  const [p, q] = [median(plainRates), median(portRates)];
  console.log(
    `${name.padEnd(34)} plain ${p.toFixed(0).padStart(7)}/s   port ${q.toFixed(0).padStart(7)}/s   ratio ${((q / p) * 100).toFixed(1)}% (target ≥ 50%)` +
      `   [plain ${plainRates.map((r) => r.toFixed(0)).join(', ')}; port ${portRates.map((r) => r.toFixed(0)).join(', ')}]`,
  );
}

// SQLite, one writer: a new stream per append (the common case: ingest, create organization).
const dir = mkdtempSync(join(tmpdir(), 'lcs-bench-es-'));
try {
  const raw = new DatabaseSync(join(dir, 'plain.sqlite'));
  raw.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;
    CREATE TABLE t (id INTEGER PRIMARY KEY AUTOINCREMENT, stream TEXT, position INTEGER, event_id TEXT UNIQUE, type TEXT, data TEXT, metadata TEXT, UNIQUE (stream, position))`);
  const insert = raw.prepare('INSERT INTO t (stream, position, event_id, type, data, metadata) VALUES (?, 0, ?, ?, ?, ?)');
  const sqlite = openSqliteEventStore({ path: join(dir, 'port.sqlite') });
  await compare(
    'SQLite, 1 writer',
    1,
    () => {
      const e = event();
      insert.run(`source-${randomUUID()}`, e.id, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata));
    },
    async () => {
      await sqlite.append(`source-${randomUUID()}`, [event()], 'noStream');
    },
  );
  raw.close();
  await sqlite.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// PostgreSQL, 16 concurrent writers, autocommit INSERTs against the port's one-statement appends.
const schema = `bench_es_${randomBytes(4).toString('hex')}`;
const pool = new pg.Pool({ connectionString: DATABASE, max: WRITERS });
try {
  await pool.query(`CREATE SCHEMA "${schema}";
    CREATE TABLE "${schema}".plain (id bigserial PRIMARY KEY, stream text, position int, event_id text UNIQUE, type text, data jsonb, metadata jsonb, UNIQUE (stream, position))`);
  const postgres = await openPostgresEventStore({ connectionString: DATABASE, schema });
  await compare(
    `PostgreSQL, ${WRITERS} concurrent writers`,
    WRITERS,
    async () => {
      const e = event();
      await pool.query({
        name: 'bench-plain-insert',
        text: `INSERT INTO "${schema}".plain (stream, position, event_id, type, data, metadata) VALUES ($1, 0, $2, $3, $4, $5)`,
        values: [`source-${randomUUID()}`, e.id, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata)],
      });
    },
    async () => {
      await postgres.append(`source-${randomUUID()}`, [event()], 'noStream');
    },
  );
  await postgres.close();
} finally {
  await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await pool.end();
}
