import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { IdempotencyRecord, IdempotencyStore } from '../../ports/request-state.ts';

// Idempotency records of the embedded default, in a SQLite file beside the events: a client that
// retries after the service restarted still gets the first answer within the TTL instead of a
// second resource. (Rate-limit windows last a minute and may start afresh after a restart.)

export function openSqliteIdempotencyStore(options: { path: string; now?: () => number }): IdempotencyStore & { close(): void } {
  mkdirSync(dirname(options.path), { recursive: true });
  const db = new DatabaseSync(options.path);
  db.exec(`
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = NORMAL;
    PRAGMA busy_timeout = 5000;
    CREATE TABLE IF NOT EXISTS idempotency (key TEXT PRIMARY KEY, record TEXT NOT NULL, expires INTEGER NOT NULL) WITHOUT ROWID;
  `);
  const now = options.now ?? Date.now;
  const dropExpired = db.prepare('DELETE FROM idempotency WHERE key = ? AND expires <= ?');
  const insert = db.prepare('INSERT OR IGNORE INTO idempotency (key, record, expires) VALUES (?, ?, ?)');
  const select = db.prepare('SELECT record FROM idempotency WHERE key = ?');
  const upsert = db.prepare(
    'INSERT INTO idempotency (key, record, expires) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET record = excluded.record, expires = excluded.expires',
  );
  const remove = db.prepare('DELETE FROM idempotency WHERE key = ?');
  const sweep = db.prepare('DELETE FROM idempotency WHERE expires <= ?');
  const sweeper = setInterval(() => sweep.run(now()), 60_000);
  sweeper.unref();

  return {
    async reserve(key, fingerprint, ttlMs) {
      dropExpired.run(key, now());
      const inserted = insert.run(key, JSON.stringify({ state: 'in-progress', fingerprint } satisfies IdempotencyRecord), now() + ttlMs);
      if (inserted.changes === 1) return null;
      const row = select.get(key) as { record: string } | undefined;
      return row ? (JSON.parse(row.record) as IdempotencyRecord) : null;
    },
    async complete(key, record, ttlMs) {
      upsert.run(key, JSON.stringify(record), now() + ttlMs);
    },
    async release(key) {
      remove.run(key);
    },
    close() {
      clearInterval(sweeper);
      db.close();
    },
  };
}
