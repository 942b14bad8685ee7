import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { EventStore, ExpectedVersion, NewEvent, RecordedEvent } from '../../ports/event-store.ts';
import { openSqliteEventStore } from '../../infrastructure/event-store/sqlite.ts';
import { eventStoreContract, newEvent, until, type FaultyStore } from './event-store.contract.ts';

const dir = mkdtempSync(join(tmpdir(), 'lcs-es-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const newFile = () => join(dir, `events-${files++}.sqlite`);

const adapter = new URL('../../infrastructure/event-store/sqlite.ts', import.meta.url).href;

/**
 * Appends in another process that dies (SIGKILL) as soon as its append has committed, before it can
 * answer: SQLite has no connection whose reply could be lost, so a lost reply is a process that
 * crashed after its commit, and the retry comes from another process on the same file.
 */
async function appendThenCrash(path: string, streamName: string, events: NewEvent[], expectedVersion: ExpectedVersion) {
  const script = `const { openSqliteEventStore } = await import(${JSON.stringify(adapter)});
    const store = openSqliteEventStore({ path: ${JSON.stringify(path)} });
    await store.append(${JSON.stringify(streamName)}, ${JSON.stringify(events)}, ${JSON.stringify(expectedVersion)});
    process.kill(process.pid, 'SIGKILL');`;
  const died = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script]).then(
    () => null,
    (error: { signal?: string }) => error,
  );
  if (died?.signal !== 'SIGKILL') throw new Error(`the appending process should have died after its commit: ${String(died)}`);
}

async function crashingAppender(): Promise<FaultyStore> {
  const path = newFile();
  const store = openSqliteEventStore({ path, pollIntervalMs: 50 });
  const faulty = openSqliteEventStore({ path, pollIntervalMs: 50 });
  let loseReply = false;
  let injected = 0;
  return {
    store,
    faulty: {
      ...faulty,
      async append(streamName, events, expectedVersion) {
        if (!loseReply) return faulty.append(streamName, events, expectedVersion);
        loseReply = false;
        await appendThenCrash(path, streamName, events, expectedVersion);
        injected++;
        throw new Error('the appending process died before it answered');
      },
    },
    loseNextAppendReply: () => {
      loseReply = true;
    },
    dropNextPageAfter: () => {
      throw new Error('not applicable to SQLite');
    },
    injected: () => injected,
    close: async () => void (await Promise.all([store.close(), faulty.close()])),
  };
}

const NO_CONNECTION = 'SQLite reads a page in this process with one statement: there is no connection to drop in the middle of it';
eventStoreContract('sqlite', async () => openSqliteEventStore({ path: newFile() }), {
  faults: { open: crashingAppender, skip: { midPage: NO_CONNECTION } },
});
eventStoreContract('sqlite in memory', async () => openSqliteEventStore({ path: ':memory:' }), {
  faults: {
    skip: { lostReply: 'an in-memory store dies with its process: no other process can retry an append whose reply was lost', midPage: NO_CONNECTION },
  },
});

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
