import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { openSqliteEventStore } from '../../infrastructure/event-store/sqlite.ts';
import { startTestService, type TestService } from '../support/service.ts';
import { ingestUrl, waitForSource } from '../support/sources.ts';

// Issue 17: one organization's request must never stop projections for every organization. Deep
// JSON is refused at the edge, and an event already stored with such content (written by an earlier
// version) is parked while every other event is projected, across restarts.

const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('poisoned input and poisoned events', () => {
  let dataDir: string;
  let service: TestService;
  let attacker: string;
  let victim: string;

  const noteForm = (source: string) => {
    const form = new FormData();
    form.append('source', source);
    form.append('file', new Blob(['Photosynthesis turns light into chemical energy.']), 'notes.txt');
    return form;
  };
  /** Another organization's write is projected at once: its POST answers 200 (not 202) and GET finds it. */
  const victimStillProjected = async () => {
    const started = Date.now();
    const created = await service.call('POST', '/v1/ingestSource', { apiKey: victim, body: noteForm('{"sourceType":"file"}') });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    assert.ok(Date.now() - started < 1000, 'projected within a second');
    assert.equal((await service.call('GET', `/v1/sources/${created.body.data.id}`, { apiKey: victim })).status, 200);
  };

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'lcs-poison-'));
    service = await startTestService({}, { dataDir });
    attacker = (await service.createOrganization('Attacker')).apiKey;
    victim = (await service.createOrganization('Victim')).apiKey;
    // The seeded event below is a web page: the first one loads the page reader (linkedom,
    // Readability), which holds this process's event loop for a second or more on a busy machine.
    // Loaded here, so that what is timed is the projection, not that import.
    await waitForSource(service, victim, (await ingestUrl(service, victim, 'webpage', 'https://warm-up.invalid/')).body.data.id);
  });

  after(async () => {
    await service.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('the reproduction: deeply nested metadata is a 400 on both paths, and nothing is stored', async () => {
    const poison = `{"sourceType":"file","metadata":{"x":${deep(3750)}}}`;
    const multipart = await service.call('POST', '/v1/ingestSource', { apiKey: attacker, body: noteForm(poison) });
    assert.equal(multipart.status, 400);
    assert.match(multipart.body.error, /deeper than 20 levels/);
    const uploadUrl = await service.call('POST', '/v1/sources/upload-url', {
      apiKey: attacker,
      body: `{"fileName":"a.pdf","sourceType":"file","metadata":{"x":${deep(3750)}}}`,
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(uploadUrl.status, 400);
    assert.match(uploadUrl.body.error, /deeper than 20 levels/);
    assert.deepEqual((await service.call('GET', '/v1/sources', { apiKey: attacker })).body, { data: [] });
    await victimStillProjected();
  });

  test('a 100,000-level body is a 400, never a 500', async () => {
    for (const path of ['/v1/sources/upload-url', '/v1/createOrganization']) {
      const response = await service.call('POST', path, {
        apiKey: attacker,
        adminKey: service.adminKey,
        body: deep(100_000),
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(response.status, 400, path);
    }
  });

  test('metadata follows the flat, bounded convention, with a 400 naming the rule', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ nested: { a: 1 } }, /metadata values must be strings of at most 500 characters, numbers, booleans or null/],
      [{ list: [1, 2] }, /metadata values must be/],
      [Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v'])), /at most 50 keys/],
      [{ ['k'.repeat(41)]: 'v' }, /keys must be 1 to 40 characters/],
      [{ long: 'v'.repeat(501) }, /at most 500 characters/],
    ];
    for (const [metadata, rule] of cases) {
      const response = await service.call('POST', '/v1/sources/upload-url', { apiKey: attacker, json: { fileName: 'a.pdf', sourceType: 'file', metadata } });
      assert.equal(response.status, 400, JSON.stringify(metadata).slice(0, 80));
      assert.match(response.body.error, rule);
    }
    const accepted = await service.call('POST', '/v1/sources/upload-url', {
      apiKey: attacker,
      json: { fileName: 'a.pdf', sourceType: 'file', metadata: { course: 'BIO 101', week: 3, graded: true, note: null } },
    });
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    const source = await service.call('GET', `/v1/sources/${accepted.body.sourceId}`, { apiKey: attacker });
    assert.deepEqual(source.body.data.metadata, { course: 'BIO 101', week: 3, graded: true, note: null });
  });

  test('an event already stored with deep content is parked; every other event is projected, also after a restart', async () => {
    // An earlier version stored this: written straight into the store, as no request can now.
    const store = openSqliteEventStore({ path: join(dataDir, 'events.sqlite') });
    const organizationId = String((await service.call('GET', '/v1/events?limit=1', { apiKey: attacker })).body.data[0].data.organizationId);
    const sourceId = randomUUID();
    const now = new Date().toISOString();
    await store.append(
      `source-${sourceId}`,
      [
        {
          id: randomUUID(),
          type: 'SourceIngested',
          data: { sourceId, organizationId, sourceType: 'webpage', url: 'https://poison.example', metadata: { x: JSON.parse(deep(3750)) }, ingestedAt: now },
          metadata: { correlationId: 'seeded-poison', organizationId, schemaVersion: 1, recordedAt: now },
        },
      ],
      'noStream',
    );
    await store.close();

    await victimStillProjected();
    const ready = await service.call('GET', '/readyz');
    assert.equal(ready.status, 200);
    assert.equal(ready.body.degraded, true);
    assert.match(ready.body.checks.parkedEvents, /degraded: 1 parked event/);
    const metrics = await fetch(`${service.url}/metrics`).then((response) => response.text());
    assert.match(metrics, /^projection_parked_events 1$/m);
    assert.equal((await service.call('GET', `/v1/sources/${sourceId}`, { apiKey: attacker })).status, 404, 'the parked event changed no read model');
    // The operator's command lists it, with what an operator needs to find it and the error.
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [join(import.meta.dirname, '..', '..', 'cli', 'parked-events.ts')], {
      env: { ...process.env, DATA_DIR: dataDir, ADMIN_KEY: 'test-admin-key-0123456789abcdef0123456789', LOG_LEVEL: 'silent' },
    });
    const listed = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { projection: string; type: string; stream: string; eventId: string; error: string });
    assert.ok(listed.length >= 1, stderr);
    assert.ok(
      listed.every((entry) => entry.type === 'SourceIngested' && entry.stream === `source-${sourceId}` && entry.error),
      stdout,
    );
    assert.match(stderr, new RegExp(`${listed.length} parked event`));

    await service.stop();
    service = await startTestService({}, { dataDir });
    for (const key of [attacker, victim]) assert.equal((await service.call('GET', '/v1/sources', { apiKey: key })).status, 200);
    const created = await service.createOrganization('After the restart');
    assert.equal((await service.call('GET', '/v1/sources', { apiKey: created.apiKey })).status, 200);
    await victimStillProjected();
    assert.equal((await service.call('GET', '/readyz')).body.degraded, true);
  });
});
