import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ConfigSchema, loadConfig } from '../../infrastructure/config.ts';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..');
const known = new Set(Object.keys(ConfigSchema.shape));

const hasDockerCompose = await run('docker-compose', ['version']).then(
  () => true,
  () => false,
);

test('docker-compose.yml is valid', { skip: hasDockerCompose ? false : 'docker-compose is not installed' }, async () => {
  const dir = await mkdtemp(join(tmpdir(), 'lcs-compose-'));
  try {
    await copyFile(join(root, 'docker-compose.yml'), join(dir, 'docker-compose.yml'));
    await copyFile(join(root, '.env.example'), join(dir, '.env'));
    await run('docker-compose', ['-f', join(dir, 'docker-compose.yml'), 'config', '-q'], { cwd: dir });
    await run('docker-compose', ['-f', join(dir, 'docker-compose.yml'), '--profile', 'postgres', 'config', '-q'], { cwd: dir });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('every variable the compose file and .env.example set is one the service knows', async () => {
  const compose = await readFile(join(root, 'docker-compose.yml'), 'utf8');
  const serviceBlocks = compose.split(/^  (?=\w)/m).filter((block) => /^(api|projector|worker):/.test(block) || block.startsWith('x-service'));
  const fromCompose = serviceBlocks.flatMap((block) => [...block.matchAll(/^ {6}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1] as string));
  const example = await readFile(join(root, '.env.example'), 'utf8');
  const fromExample = [...example.matchAll(/^([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1] as string);
  assert.ok(fromCompose.includes('ROLE') && fromExample.includes('EVENT_STORE'));
  for (const name of [...fromCompose, ...fromExample]) assert.ok(known.has(name), `${name} is not a setting of the service`);
});

test('the production example configuration is valid for every role', async () => {
  const example = await readFile(join(root, '.env.example'), 'utf8');
  const settings = Object.fromEntries([...example.matchAll(/^([A-Z][A-Z0-9_]+)=(.+)$/gm)].map((m) => [m[1] as string, m[2] as string]));
  for (const ROLE of ['api', 'projector', 'worker']) {
    assert.equal(loadConfig({ ...settings, ROLE, GEMINI_API_KEY: 'set-in-production' }).ROLE, ROLE);
  }
});
