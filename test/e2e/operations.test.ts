import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { dropSharedState, sharedStoresEnv } from '../support/shared-state.ts';
import { spawnService, type ServiceProcess } from '../support/processes.ts';

// The operations CLI run the way an operator or auditor runs it, `npm run ...`, against a running
// postgres + redis deployment.

const root = join(import.meta.dirname, '..', '..');

type Run = { code: number | null; stdout: string; stderr: string };

const npmRun = (args: string[], env: Record<string, string>) =>
  new Promise<Run>((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });

type ReplayLine = {
  position: string;
  stream: string;
  streamPosition: number;
  eventId: string;
  type: string;
  data: Record<string, unknown>;
  metadata: { organizationId?: string };
};
const lines = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ReplayLine);

describe('operations CLI against postgres + redis', () => {
  const suffix = randomBytes(4).toString('hex');
  const schema = `operations_${suffix}`;
  const prefix = `lcs-operations-${suffix}`;
  const adminKey = `admin-${randomBytes(16).toString('hex')}`;
  const processes: ServiceProcess[] = [];
  const organizations: Array<{ id: string; apiKey: string }> = [];
  let env: Record<string, string>;
  let api: ServiceProcess;

  const createOrganization = async (name: string) => {
    const response = await fetch(`${api.url}/v1/createOrganization`, {
      method: 'POST',
      headers: { 'admin-key': adminKey, 'content-type': 'application/json' },
      body: JSON.stringify({ name, url: 'https://org.example' }),
    });
    assert.equal(response.status, 201);
    const body = (await response.json()) as { organization: { _id: string }; apiKey: { apiKey: string } };
    return { id: body.organization._id, apiKey: body.apiKey.apiKey };
  };

  before(async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'lcs-operations-'));
    env = sharedStoresEnv({ schema, redisPrefix: prefix, adminKey, dataDir });
    processes.push(await spawnService({ ...env, ROLE: 'projector' }));
    api = await spawnService({ ...env, ROLE: 'api' });
    processes.push(api);
    for (let i = 0; i < 20; i++) organizations.push(await createOrganization(`Org ${i}`));
  });

  after(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await dropSharedState({ schema, redisPrefix: prefix, dataDir: env['DATA_DIR'] as string });
  });

  test('projections:rebuild switches to a new version while the API keeps answering, then drops the old one', async () => {
    const [first] = organizations as [{ id: string; apiKey: string }];
    const events = lines((await npmRun(['events:replay'], env)).stdout).length;
    let answered = 0;
    const failures: number[] = [];
    let rebuilding = true;
    const reading = (async () => {
      while (rebuilding) {
        // The key is looked up in the read models, and so is the organization's event feed.
        const response = await fetch(`${api.url}/v1/events`, { headers: { 'x-api-key': first.apiKey } });
        const body = (await response.json()) as { data?: unknown[] };
        if (response.status === 200 && body.data?.length === 2) answered++;
        else failures.push(response.status);
        await sleep(10);
      }
    })();
    const run = await npmRun(['projections:rebuild'], env);
    rebuilding = false;
    await reading;

    assert.equal(run.code, 0, run.stderr);
    const done = /^done in [\d.]+ s: (.*)$/m.exec(run.stdout);
    assert.ok(done, run.stdout);
    const stats = JSON.parse(done[1] as string) as { version: number; previousVersion: number; events: number; eventsPerSecond: number };
    assert.deepEqual({ version: stats.version, previousVersion: stats.previousVersion, events: stats.events }, { version: 2, previousVersion: 1, events });
    assert.ok(stats.eventsPerSecond > 0);
    assert.deepEqual(failures, [], 'every read during the rebuild and the switch found the key and the feed');
    assert.ok(answered > 0);

    const redis = new Redis('redis://127.0.0.1:6379');
    try {
      assert.equal(await redis.get(`${prefix}:active`), '2');
      assert.deepEqual(await redis.keys(`${prefix}:v1:*`), [], 'the old version is dropped');
    } finally {
      redis.disconnect();
    }
    // The projector follows the new version: a key issued now works at once.
    const created = await createOrganization('After the rebuild');
    const sources = await fetch(`${api.url}/v1/sources`, { headers: { 'x-api-key': created.apiKey } });
    assert.equal(sources.status, 200);
    organizations.push(created);
  });

  test('projections:rebuild refuses the in-process read store with a clear message', async () => {
    const run = await npmRun(['projections:rebuild'], { ...env, READ_STORE: 'memory' });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /READ_STORE=redis/);
    assert.equal(run.stdout, '');
  });

  test('events:replay prints every event once in global order, filtered by organization, stream or position, without keys', async () => {
    const all = lines((await npmRun(['events:replay'], env)).stdout);
    assert.ok(all.length >= 2 * organizations.length);
    assert.deepEqual(
      all.map((event) => event.position),
      [...all.map((event) => event.position)].sort(),
    );
    assert.equal(new Set(all.map((event) => event.eventId)).size, all.length);

    const [, second] = organizations as [unknown, { id: string; apiKey: string }];
    const ofOrganization = lines((await npmRun(['events:replay', '--', '--organization', second.id], env)).stdout);
    assert.deepEqual(
      ofOrganization,
      all.filter((event) => event.metadata.organizationId === second.id),
    );
    assert.ok(ofOrganization.some((event) => event.type === 'OrganizationCreated'));

    const ofStream = lines((await npmRun(['events:replay', '--', '--stream', `organization-${second.id}`, '--from', '1'], env)).stdout);
    assert.deepEqual(
      ofStream,
      all.filter((event) => event.stream === `organization-${second.id}` && event.streamPosition >= 1),
    );

    const middle = all[Math.floor(all.length / 2)] as ReplayLine;
    const after = lines((await npmRun(['events:replay', '--', '--from', middle.position], env)).stdout);
    assert.deepEqual(
      after,
      all.filter((event) => event.position > middle.position),
    );

    const output = JSON.stringify(all);
    for (const { apiKey } of organizations) assert.ok(!output.includes(apiKey), 'no API key in the events');
  });

  test('events:replay refuses unknown flags and a bad stream position with the usage', async () => {
    for (const args of [['--bogus'], ['--stream', 'organization-x', '--from', 'abc']]) {
      const run = await npmRun(['events:replay', '--', ...args], env);
      assert.equal(run.code, 2, args.join(' '));
      assert.match(run.stderr, /usage: npm run events:replay/);
    }
  });
});
