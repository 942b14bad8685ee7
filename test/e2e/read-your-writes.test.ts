import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { openPostgresEventStore } from '../../infrastructure/event-store/postgres.ts';
import type { EventStore } from '../../ports/event-store.ts';
import { dropSharedState, sharedStoresEnv, TEST_DATABASE } from '../support/shared-state.ts';
import { spawnService, type ServiceProcess } from '../support/processes.ts';

// Read-your-writes that tells the truth: with the projector stopped (as when projections lag past
// READ_YOUR_WRITES_TIMEOUT_MS, e.g. during a Redis restart), a write that succeeded answers 202 with
// the new id, never 404, and a retry with the same Idempotency-Key meets the same resource.

describe('writes while the read models lag', () => {
  const suffix = randomBytes(4).toString('hex');
  const schema = `ryw_${suffix}`;
  const prefix = `lcs-ryw-${suffix}`;
  const adminKey = `admin-${randomBytes(16).toString('hex')}`;
  let env: Record<string, string>;
  let dataDir: string;
  let projector: ServiceProcess | null = null;
  let api: ServiceProcess;
  let store: EventStore;
  let apiKey: string;
  let sourceId: string;

  const call = async (method: string, path: string, init: { key?: string; body?: FormData | string; headers?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { ...init.headers, ...(init.key ? { 'x-api-key': init.key } : {}) };
    if (typeof init.body === 'string') headers['content-type'] = 'application/json';
    const response = await fetch(`${api.url}${path}`, { method, headers, ...(init.body !== undefined ? { body: init.body } : {}) });
    return { status: response.status, body: (await response.json()) as any };
  };
  const webpage = (url: string) => {
    const form = new FormData();
    form.append('source', JSON.stringify({ sourceType: 'webpage', url }));
    return form;
  };
  const eventsOfType = async (type: string, id: string) =>
    (await store.readAll({ limit: 100_000 })).filter((event) => event.type === type && (event.data['sourceId'] === id || event.data['id'] === id));

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'lcs-ryw-'));
    env = { ...sharedStoresEnv({ schema, redisPrefix: prefix, adminKey, dataDir }), READ_YOUR_WRITES_TIMEOUT_MS: '300' };
    projector = await spawnService({ ...env, ROLE: 'projector' });
    api = await spawnService({ ...env, ROLE: 'api' });
    store = await openPostgresEventStore({ connectionString: TEST_DATABASE, schema });
    const created = await fetch(`${api.url}/v1/createOrganization`, {
      method: 'POST',
      headers: { 'admin-key': adminKey, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Lagging Org', url: 'https://lag.example' }),
    });
    assert.equal(created.status, 201);
    apiKey = ((await created.json()) as { apiKey: { apiKey: string } }).apiKey.apiKey;
    const source = await call('POST', '/v1/ingestSource', { key: apiKey, body: webpage('https://lag.example/first') });
    assert.equal(source.status, 200, JSON.stringify(source.body));
    sourceId = source.body.data.id;
    await projector.stop();
    projector = null;
  });

  after(async () => {
    await Promise.all([projector?.stop(), api?.stop()]);
    await store?.close();
    await dropSharedState({ schema, redisPrefix: prefix, dataDir });
  });

  test('ingestSource answers 202 with the new id twice for one Idempotency-Key, and stores one source', async () => {
    const headers = { 'Idempotency-Key': 'ryw-test-key-1' };
    const first = await call('POST', '/v1/ingestSource', { key: apiKey, body: webpage('https://example.com/a'), headers });
    const second = await call('POST', '/v1/ingestSource', { key: apiKey, body: webpage('https://example.com/a'), headers });
    assert.equal(first.status, 202, JSON.stringify(first.body));
    assert.equal(first.body.data.status, 'processing');
    assert.equal(first.body.data.url, 'https://example.com/a');
    assert.equal(second.status, 202);
    assert.equal(second.body.data.id, first.body.data.id);
    assert.equal((await eventsOfType('SourceIngested', first.body.data.id)).length, 1);
  });

  test('a retry whose idempotency record is gone meets the source its first attempt created', async () => {
    const headers = { 'Idempotency-Key': 'ryw-test-key-2' };
    const first = await call('POST', '/v1/ingestSource', { key: apiKey, body: webpage('https://example.com/b'), headers });
    assert.equal(first.status, 202);
    assert.ok((await deleteRedisKeys(`${prefix}*:idem:*`)) > 0, 'the idempotency records are gone');
    const retry = await call('POST', '/v1/ingestSource', { key: apiKey, body: webpage('https://example.com/b'), headers });
    assert.equal(retry.status, 202);
    assert.equal(retry.body.data.id, first.body.data.id);
    assert.equal((await eventsOfType('SourceIngested', first.body.data.id)).length, 1);
  });

  for (const [plural, status, requested] of [
    ['flashcards', 'generating', 'FlashcardsRequested'],
    ['mindmaps', 'generating', 'MindmapRequested'],
    ['quizzes', 'generating', 'QuizRequested'],
  ] as const) {
    test(`POST /v1/sources/{id}/${plural} answers 202 twice with one id, and requests once`, async () => {
      const headers = { 'Idempotency-Key': `ryw-${plural}` };
      const body = JSON.stringify({ difficulty: 'easy' });
      const first = await call('POST', `/v1/sources/${sourceId}/${plural}`, { key: apiKey, body, headers });
      const second = await call('POST', `/v1/sources/${sourceId}/${plural}`, { key: apiKey, body, headers });
      assert.equal(first.status, 202, JSON.stringify(first.body));
      assert.equal(first.body.data.status, status);
      assert.equal(first.body.data.sourceId, sourceId);
      assert.equal(second.status, 202);
      assert.equal(second.body.data.id, first.body.data.id);
      assert.equal((await eventsOfType(requested, first.body.data.id)).length, 1);
    });
  }

  test('upload-url answers 202 with one source id for one key; deletes answer their normal success', async () => {
    const headers = { 'Idempotency-Key': 'ryw-upload' };
    const body = JSON.stringify({ fileName: 'notes.txt', sourceType: 'file' });
    const first = await call('POST', '/v1/sources/upload-url', { key: apiKey, body, headers });
    const second = await call('POST', '/v1/sources/upload-url', { key: apiKey, body, headers });
    assert.equal(first.status, 202, JSON.stringify(first.body));
    assert.equal(second.body.sourceId, first.body.sourceId);
    assert.equal((await eventsOfType('SourceUploadRequested', first.body.sourceId)).length, 1);

    const deleted = await call('DELETE', `/v1/sources/${first.body.sourceId}`, { key: apiKey });
    assert.deepEqual(deleted, { status: 200, body: { message: 'source deleted' } });
  });

  test('once the projector runs again, every write is readable', async () => {
    projector = await spawnService({ ...env, ROLE: 'projector' });
    const list = async () => (await call('GET', '/v1/sources?limit=200', { key: apiKey })).body.data as { _id: string }[];
    for (let i = 0; i < 100 && (await list()).length < 3; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal((await list()).length, 3, 'the first source and the two ingested while the projector was down (the upload was deleted)');
  });
});

async function deleteRedisKeys(pattern: string): Promise<number> {
  const redis = new Redis('redis://127.0.0.1:6379');
  try {
    const keys = await redis.keys(pattern);
    return keys.length ? await redis.del(...keys) : 0;
  } finally {
    redis.disconnect();
  }
}
