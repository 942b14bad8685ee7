import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { EventStore, RecordedEvent } from '../../ports/event-store.ts';
import { openSqliteEventStore } from '../../infrastructure/event-store/sqlite.ts';
import { eventStoreContract, newEvent, until } from './event-store.contract.ts';

const dir = mkdtempSync(join(tmpdir(), 'lcs-es-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const newFile = () => join(dir, `events-${files++}.sqlite`);

eventStoreContract('sqlite', async () => openSqliteEventStore({ path: newFile() }));
eventStoreContract('sqlite in memory', async () => openSqliteEventStore({ path: ':memory:' }));

describe('sqlite: subscriptions see appends from everywhere', () => {
  const watch = (store: EventStore) => {
    const seen: RecordedEvent[] = [];
    const subscription = store.subscribe('', async (events) => {
      seen.push(...events);
    });
    return { seen, subscription };
  };

  test('an append through any store of this process wakes subscribers at once', async () => {
    const path = newFile();
    // Polling once a minute: a prompt delivery must come from the in-process wake-up.
    const reader = openSqliteEventStore({ path, pollIntervalMs: 60_000 });
    const writer = openSqliteEventStore({ path });
    const { seen, subscription } = watch(reader);
    try {
      await reader.append('same-store', [newEvent('Own')], 'noStream');
      await until(() => seen.length === 1, 1000);
      await writer.append('other-store', [newEvent('Other')], 'noStream');
      await until(() => seen.length === 2, 1000);
      assert.deepEqual(
        seen.map((e) => e.type),
        ['Own', 'Other'],
      );
    } finally {
      await subscription.stop();
      await Promise.all([reader.close(), writer.close()]);
    }
  });

  test("another process's append is found by polling", async () => {
    const path = newFile();
    const reader = openSqliteEventStore({ path, pollIntervalMs: 50 });
    const { seen, subscription } = watch(reader);
    try {
      const adapter = new URL('../../infrastructure/event-store/sqlite.ts', import.meta.url).href;
      const script = `const { openSqliteEventStore } = await import(${JSON.stringify(adapter)});
        const store = openSqliteEventStore({ path: ${JSON.stringify(path)} });
        await store.append('from-child', [${JSON.stringify(newEvent('FromChild'))}], 'noStream');
        await store.close();`;
      await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script]);
      await until(() => seen.length === 1, 2000);
      assert.deepEqual(
        seen.map((e) => [e.streamName, e.type]),
        [['from-child', 'FromChild']],
      );
    } finally {
      await subscription.stop();
      await reader.close();
    }
  });

  test('a checkpoint of another store kind is refused, not silently read as nothing', async () => {
    const store = openSqliteEventStore({ path: ':memory:' });
    try {
      const foreign = `${'1'.padStart(20, '0')}:${'2'.padStart(20, '0')}`;
      await assert.rejects(store.readAll({ from: foreign }), /not a SQLite event-store checkpoint/);
      assert.throws(() => store.subscribe(foreign, async () => undefined), /not a SQLite event-store checkpoint/);
    } finally {
      await store.close();
    }
  });
});
