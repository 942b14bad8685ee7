import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { runClientFlow } from '../support/client-flow.ts';

// The same code runs under Deno 2 (the npm package `deno`, node_modules mode): start the service on
// its embedded defaults and run the whole client flow against it.

const root = join(import.meta.dirname, '..', '..');
const deno = join(root, 'node_modules', '.bin', 'deno');
/** Warm, Deno starts in about a second; a cold cache on a busy 2-core machine takes minutes. */
const START_TIMEOUT_MS = 300_000;

test('under Deno: organization → TXT and PDF indexed → flashcards, quiz, mindmap', { skip: existsSync(deno) ? false : 'deno is not installed' }, async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'lcs-deno-'));
  const adminKey = 'deno-admin-key-0123456789abcdef0123456789';
  // Deno writes to a file, not a pipe: on a cold cache (a fresh checkout's first start, in CI) it was
  // seen printing nothing for minutes into a pipe, while the same start into a file took ~25 s.
  const logPath = join(dataDir, 'deno.log');
  const log = openSync(logPath, 'w');
  // Without --no-code-cache, Deno 2.9 was seen deadlocking at start (threads waiting on a futex, no CPU,
  // nothing printed) in fresh checkouts; with it, the service starts in about a second.
  const child = spawn(deno, ['run', '-A', '--no-code-cache', 'main.ts'], {
    cwd: root,
    // No update check: it is a request to the internet, which this machine and CI do not reach.
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', ADMIN_KEY: adminKey, LOG_LEVEL: 'warn', NODE_OPTIONS: '', DENO_NO_UPDATE_CHECK: '1' },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const output = () => readFileSync(logPath, 'utf8');
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));
  try {
    let url: string | undefined;
    for (const deadline = Date.now() + START_TIMEOUT_MS; !url; await sleep(200)) {
      url = /Listening on (http:\/\/\S+)/.exec(output())?.[1];
      if (exited !== undefined) throw new Error(`deno exited with ${exited}:\n${output()}`);
      if (!url && Date.now() > deadline) throw new Error(`deno did not start:\n${output()}`);
    }
    const result = await runClientFlow(url, adminKey);
    assert.equal(result.sources, 2);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
    await rm(dataDir, { recursive: true, force: true });
  }
});
