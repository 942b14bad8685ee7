import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runClientFlow } from '../support/client-flow.ts';

// The same code runs under Deno 2 (the npm package `deno`, node_modules mode): start the service on
// its embedded defaults and run the whole client flow against it.

const root = join(import.meta.dirname, '..', '..');
const deno = join(root, 'node_modules', '.bin', 'deno');

test('under Deno: organization → TXT and PDF indexed → flashcards, quiz, mindmap', { skip: existsSync(deno) ? false : 'deno is not installed' }, async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'lcs-deno-'));
  const adminKey = 'deno-admin-key-0123456789abcdef0123456789';
  const child = spawn(deno, ['run', '-A', 'main.ts'], {
    cwd: root,
    // No update check: it is a request to the internet, which this machine and CI do not reach.
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', ADMIN_KEY: adminKey, LOG_LEVEL: 'warn', NODE_OPTIONS: '', DENO_NO_UPDATE_CHECK: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      // A fresh checkout's first Deno start compiles the whole module graph into Deno's cache: on a
      // busy 2-core machine that was seen taking over a minute (warm, it starts in about a second).
      const timer = setTimeout(() => reject(new Error(`deno did not start:\n${output}`)), 180_000);
      child.stdout.on('data', () => {
        const match = /Listening on (http:\/\/\S+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1] as string);
        }
      });
      child.once('exit', (code) => reject(new Error(`deno exited with ${code}:\n${output}`)));
    });
    const result = await runClientFlow(url, adminKey);
    assert.equal(result.sources, 2);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
    await rm(dataDir, { recursive: true, force: true });
  }
});
