import { sourceStreamName } from '../../domain/source.ts';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { openPostgresEventStore } from '../../infrastructure/event-store/postgres.ts';
import { makePdf } from '../support/make-pdf.ts';
import { startFakeGcs } from '../support/fake-gcs.ts';
import { dropSharedState } from '../support/shared-state.ts';
import { spawnService, type ServiceProcess } from '../support/processes.ts';

// EVENT_STORE=postgres READ_STORE=redis BLOB_STORE=gcs (a local fake of Cloud Storage), with the
// api, projector and two worker processes: both upload paths end indexed, Cloud Storage notifications
// complete uploads, and the two workers never index the same source twice.

const DATABASE = 'postgres://postgres@127.0.0.1:5432/test';

describe('production topology: postgres + redis + cloud storage, separate processes', () => {
  const suffix = randomBytes(4).toString('hex');
  const schema = `prod_${suffix}`;
  const prefix = `lcs-prod-${suffix}`;
  const adminKey = `admin-${randomBytes(16).toString('hex')}`;
  const pushToken = `push-${randomBytes(12).toString('hex')}`;
  const processes: ServiceProcess[] = [];
  let fake: Awaited<ReturnType<typeof startFakeGcs>>;
  let dir: string;
  let api: ServiceProcess;
  let apiKey: string;

  before(async () => {
    fake = await startFakeGcs();
    dir = await mkdtemp(join(tmpdir(), 'lcs-prod-'));
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const keyFile = join(dir, 'key.json');
    await writeFile(
      keyFile,
      JSON.stringify({
        type: 'service_account',
        project_id: 'test-project',
        client_email: 'svc@test-project.iam.gserviceaccount.com',
        private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
      }),
    );
    const env = {
      EVENT_STORE: 'postgres',
      DATABASE_URL: DATABASE,
      POSTGRES_SCHEMA: schema,
      READ_STORE: 'redis',
      REDIS_KEY_PREFIX: prefix,
      BLOB_STORE: 'gcs',
      GCS_BUCKET: 'learning',
      GCS_PROJECT_ID: 'test-project',
      GCS_KEY_FILE: keyFile,
      GCS_API_ENDPOINT: fake.apiEndpoint,
      PUBSUB_PUSH_TOKEN: pushToken,
      WEBHOOK_SIGNING_KEY: randomBytes(24).toString('hex'),
      ADMIN_KEY: adminKey,
      DATA_DIR: dir,
      PORT: '0',
      WORKER_SCAN_SECONDS: '1',
      UPLOAD_SWEEP_SECONDS: '5',
    };
    processes.push(await spawnService({ ...env, ROLE: 'projector' }));
    processes.push(await spawnService({ ...env, ROLE: 'worker', WORKER_CONCURRENCY: '4' }));
    processes.push(await spawnService({ ...env, ROLE: 'worker', WORKER_CONCURRENCY: '4' }));
    api = await spawnService({ ...env, ROLE: 'api' });
    processes.push(api);
    const created = await fetch(`${api.url}/v1/createOrganization`, {
      method: 'POST',
      headers: { 'admin-key': adminKey, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Prod', url: 'https://prod.example' }),
    });
    apiKey = ((await created.json()) as { apiKey: { apiKey: string } }).apiKey.apiKey;
  });

  after(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await fake.close();
    await dropSharedState({ schema: schema, redisPrefix: prefix, dataDir: dir });
  });

  const getSource = async (id: string) =>
    ((await (await fetch(`${api.url}/v1/sources/${id}`, { headers: { 'x-api-key': apiKey } })).json()) as { data: { status: string; error?: string } }).data;
  const waitIndexed = async (id: string) => {
    for (let i = 0; i < 300; i++) {
      const source = await getSource(id);
      if (source.status === 'indexed' || source.status === 'failed') return source;
      await sleep(100);
    }
    throw new Error(`source ${id} not indexed in time`);
  };

  test('many sources through ingestSource: all indexed, each by exactly one worker', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const form = new FormData();
      form.append('source', JSON.stringify({ sourceType: 'file' }));
      form.append('file', new Blob([`Note ${i}. Basalt is a volcanic rock that forms from lava number ${i}.`]), `note-${i}.txt`);
      const response = await fetch(`${api.url}/v1/ingestSource`, { method: 'POST', headers: { 'x-api-key': apiKey }, body: form });
      assert.equal(response.status, 200);
      ids.push(((await response.json()) as { data: { id: string } }).data.id);
    }
    for (const id of ids) assert.equal((await waitIndexed(id)).status, 'indexed');
    assert.ok(
      [...fake.objects.keys()].some((key) => key.startsWith('learning/uploads/')),
      'bytes went to Cloud Storage',
    );
    const store = await openPostgresEventStore({ connectionString: DATABASE, schema });
    try {
      for (const id of ids) {
        const events = await store.readStream(sourceStreamName(id));
        assert.equal(events.filter((e) => e.type === 'SourceIndexingStarted').length, 1, 'claimed once');
        assert.equal(events.filter((e) => e.type === 'SourceIndexed').length, 1, 'indexed once');
      }
    } finally {
      await store.close();
    }
  });

  test('upload URL → bytes land in the bucket → the Pub/Sub notification makes the source processing → indexed', async () => {
    const created = await fetch(`${api.url}/v1/sources/upload-url`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ fileName: 'lava.pdf', sourceType: 'file' }),
    });
    const { uploadUrl, fileKey, sourceId } = (await created.json()) as { uploadUrl: string; fileKey: string; sourceId: string };
    assert.match(uploadUrl, /X-Goog-Signature=/);
    assert.equal((await getSource(sourceId)).status, 'pending');
    fake.objects.set(`learning/${fileKey}`, { bytes: makePdf([['Lava is molten rock that reaches the surface.']]), contentType: 'application/pdf' });
    const message = { bucket: 'learning', name: fileKey, size: '500', contentType: 'application/pdf' };
    const push = await fetch(`${api.url}/v1/internal/gcs-notifications?token=${pushToken}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: { data: Buffer.from(JSON.stringify(message)).toString('base64'), attributes: { eventType: 'OBJECT_FINALIZE' } } }),
    });
    assert.equal(push.status, 200);
    assert.deepEqual(await push.json(), { outcome: 'completed' });
    assert.equal((await waitIndexed(sourceId)).status, 'indexed');
    const unauthenticated = await fetch(`${api.url}/v1/internal/gcs-notifications?token=wrong`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    assert.equal(unauthenticated.status, 401);
  });

  test('without a notification, the sweeper finds the uploaded object', async () => {
    const created = await fetch(`${api.url}/v1/sources/upload-url`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ fileName: 'ash.txt', sourceType: 'file' }),
    });
    const { fileKey, sourceId } = (await created.json()) as { fileKey: string; sourceId: string };
    fake.objects.set(`learning/${fileKey}`, { bytes: Buffer.from('Volcanic ash is made of tiny rock fragments.'), contentType: 'text/plain' });
    assert.equal((await waitIndexed(sourceId)).status, 'indexed');
  });
});
