import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
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
/** Warm, Deno starts in about a second; a fresh checkout's first start takes up to ~25 s here. */
const ATTEMPT_MS = 60_000;
const ATTEMPTS = 4;

/** Starts the service under Deno; undefined when it printed nothing in time (the deadlock below). */
async function startDeno(dataDir: string, adminKey: string, attempt: number): Promise<{ url?: string; child: ChildProcess; output: () => string }> {
  const logPath = join(dataDir, `deno-${attempt}.log`);
  const log = openSync(logPath, 'w');
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
  for (const deadline = Date.now() + ATTEMPT_MS; Date.now() < deadline; await sleep(200)) {
    const url = /Listening on (http:\/\/\S+)/.exec(output())?.[1];
    if (url) return { url, child, output };
    if (exited !== undefined) throw new Error(`deno exited with ${exited}:\n${output()}`);
  }
  child.kill('SIGKILL');
  return { child, output };
}

test('under Deno: organization → TXT and PDF indexed → flashcards, quiz, mindmap', { skip: existsSync(deno) ? false : 'deno is not installed' }, async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'lcs-deno-'));
  const adminKey = 'deno-admin-key-0123456789abcdef0123456789';
  let started: Awaited<ReturnType<typeof startDeno>> | undefined;
  try {
    // Deno 2.9 sometimes deadlocks at the start of a fresh checkout (threads waiting on a futex, no CPU,
    // nothing printed; seen in four CI checks, never twice in a row): a start that prints nothing in
    // time is killed and tried again. Each attempt is logged to its own file.
    for (let attempt = 1; attempt <= ATTEMPTS && !started?.url; attempt++) started = await startDeno(dataDir, adminKey, attempt);
    assert.ok(started?.url, `deno did not start in ${ATTEMPTS} attempts:\n${started?.output()}`);
    const result = await runClientFlow(started.url, adminKey);
    assert.equal(result.sources, 2);
  } finally {
    const child = started?.child;
    if (child) {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve)));
    }
    await rm(dataDir, { recursive: true, force: true });
  }
});
