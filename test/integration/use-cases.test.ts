import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { requestGeneration, deleteGeneration } from '../../commands/generations.ts';
import { createOrganization } from '../../commands/organizations.ts';
import { deleteSource, ingestSource, requestUpload } from '../../commands/sources.ts';
import { completeStoredUpload } from '../../commands/stored-uploads.ts';
import { sourceCommands } from '../../commands/streams.ts';
import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError } from '../../domain/errors.ts';
import { createLocalDiskBlobStore } from '../../infrastructure/blob-store/local-disk.ts';
import { openSqliteEventStore } from '../../infrastructure/event-store/sqlite.ts';
import { createMemoryReadStore } from '../../infrastructure/read-store/memory.ts';
import type { BlobStore } from '../../ports/blob-store.ts';
import type { EventStore } from '../../ports/event-store.ts';
import type { ReadStore } from '../../ports/read-store.ts';
import { allProjections } from '../../projections/index.ts';
import { startProjector, type Projector } from '../../projections/projector.ts';
import { getSource } from '../../projections/sources.ts';

// The application layer without HTTP: the use cases the routes, workers and seeding call.

describe('use cases', () => {
  let dir: string;
  let eventStore: EventStore;
  let readStore: ReadStore;
  let blobStore: BlobStore;
  let projector: Projector;
  const now = '2026-11-24T12:00:00.000Z';
  const as = (organizationId: string) => ({ correlationId: `test-${organizationId}`, organizationId, now });
  const newId = () => ({ id: crypto.randomUUID(), derived: false });

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lcs-use-cases-'));
    eventStore = openSqliteEventStore({ path: join(dir, 'events.db') });
    readStore = createMemoryReadStore();
    blobStore = createLocalDiskBlobStore({ dir: join(dir, 'blobs'), publicBaseUrl: 'http://127.0.0.1:1', signingSecret: 'x'.repeat(32) });
    projector = await startProjector({ eventStore, readStore, projections: allProjections, logger: pino({ level: 'silent' }) });
    for (const organizationId of ['org-a', 'org-b'])
      await createOrganization(eventStore, { organizationId, name: organizationId, url: 'https://org.example' }, as(organizationId));
  });

  after(async () => {
    await projector.stop();
    await eventStore.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('an id derived from an Idempotency-Key creates its source once; a retry gets the stored events', async () => {
    const id = { id: crypto.randomUUID(), derived: true };
    const first = await ingestSource(eventStore, id, { sourceType: 'webpage', url: 'https://example.com/x' }, as('org-a'));
    const retry = await ingestSource(eventStore, id, { sourceType: 'webpage', url: 'https://example.com/x' }, as('org-a'));
    assert.equal(first.created, true);
    assert.equal(retry.created, false);
    assert.equal(retry.checkpoint, first.checkpoint);
    assert.equal((await eventStore.readStream(sourceCommands.streamName(id.id))).length, 1);
  });

  test('a random id that already exists is a conflict, not a retry', async () => {
    const id = newId();
    await ingestSource(eventStore, id, { sourceType: 'webpage', url: 'https://example.com/y' }, as('org-a'));
    await assert.rejects(ingestSource(eventStore, id, { sourceType: 'webpage', url: 'https://example.com/y' }, as('org-a')), ConflictError);
  });

  test('a generation needs a source of the same organization that has not failed', async () => {
    const deps = { eventStore, readStore, maxConcurrentGenerations: 5 };
    const source = newId();
    await ingestSource(eventStore, source, { sourceType: 'webpage', url: 'https://example.com/z' }, as('org-a'));
    await assert.rejects(requestGeneration(deps, 'quiz', newId(), { sourceId: 'no-such-source', difficulty: 'easy' }, as('org-a')), NotFoundError);
    await assert.rejects(requestGeneration(deps, 'quiz', newId(), { sourceId: source.id, difficulty: 'easy' }, as('org-b')), ForbiddenError);
    await sourceCommands.handle(eventStore, source.id, { type: 'StartIndexing', workerId: 'w', leaseMs: 60_000, now }, as('org-a'));
    await sourceCommands.handle(
      eventStore,
      source.id,
      { type: 'FailIndexing', workerId: 'w', reason: 'the page is empty', retryable: false, now },
      as('org-a'),
    );
    await assert.rejects(requestGeneration(deps, 'quiz', newId(), { sourceId: source.id, difficulty: 'easy' }, as('org-a')), {
      name: ConflictError.name,
      message: 'the source failed to index: the page is empty',
    });
  });

  test('a pending source (upload URL issued, no file yet) takes no generation: 409, upload the file first', async () => {
    const deps = { eventStore, readStore, maxConcurrentGenerations: 5 };
    const source = newId();
    await requestUpload(
      eventStore,
      source,
      { sourceType: 'file', fileName: 'a.pdf', fileKey: `uploads/org-a/${source.id}`, expiresAt: '2026-11-24T13:00:00.000Z' },
      as('org-a'),
    );
    await assert.rejects(requestGeneration(deps, 'flashcards', newId(), { sourceId: source.id, difficulty: 'easy' }, as('org-a')), {
      name: ConflictError.name,
      message: /upload the file to its upload URL first/,
    });
  });

  test('an upload found at once by the sweeper and by a storage notification is recorded once; the later one is told it is done', async () => {
    const source = newId();
    const fileKey = `uploads/org-a/${source.id}`;
    await requestUpload(eventStore, source, { sourceType: 'file', fileName: 'lava.txt', fileKey, expiresAt: '2026-11-24T13:00:00.000Z' }, as('org-a'));
    await blobStore.put(fileKey, Buffer.from('Lava is molten rock that reaches the surface.'), { contentType: 'text/plain' });
    const deps = { eventStore, blobStore, maxUploadBytes: 1_000_000, now: () => now };
    const outcomes = await Promise.all([1, 2, 3].map((n) => completeStoredUpload(deps, source.id, { correlationId: `race-${n}` })));
    assert.deepEqual(
      outcomes.filter((outcome) => outcome === 'completed'),
      ['completed'],
    );
    assert.ok(
      outcomes.every((outcome) => outcome === 'completed' || outcome === 'not-pending'),
      outcomes.join(', '),
    );
    const events = await eventStore.readStream(sourceCommands.streamName(source.id));
    assert.equal(events.filter((event) => event.type === 'SourceUploaded').length, 1);
  });

  test('the quota counts generations in progress across kinds, and a finished one frees its slot', async () => {
    const deps = { eventStore, readStore, maxConcurrentGenerations: 2 };
    const source = newId();
    await ingestSource(eventStore, source, { sourceType: 'webpage', url: 'https://example.com/q' }, as('org-b'));
    const quiz = newId();
    await requestGeneration(deps, 'quiz', quiz, { sourceId: source.id, difficulty: 'easy' }, as('org-b'));
    const mindmap = await requestGeneration(deps, 'mindmap', newId(), { sourceId: source.id, difficulty: 'easy' }, as('org-b'));
    assert.ok(await projector.waitFor(mindmap.checkpoint as string, 5_000));
    await assert.rejects(requestGeneration(deps, 'flashcards', newId(), { sourceId: source.id, difficulty: 'easy' }, as('org-b')), TooManyRequestsError);
    const deleted = await deleteGeneration(eventStore, 'quiz', quiz.id, as('org-b'));
    assert.ok(await projector.waitFor(deleted.checkpoint as string, 5_000));
    await requestGeneration(deps, 'flashcards', newId(), { sourceId: source.id, difficulty: 'easy' }, as('org-b'));
  });

  test('deleting a source removes its blobs and its read model; another organization cannot', async () => {
    const source = newId();
    const blob = await blobStore.put(`uploads/org-a/${source.id}`, Buffer.from('some notes'));
    await ingestSource(eventStore, source, { sourceType: 'file', fileName: 'notes.txt', blob }, as('org-a'));
    await assert.rejects(deleteSource({ eventStore, blobStore, readStore }, source.id, { cascade: false }, as('org-b')), ForbiddenError);
    const deleted = await deleteSource({ eventStore, blobStore, readStore }, source.id, { cascade: false }, as('org-a'));
    assert.equal(await blobStore.stat(blob.key), null);
    assert.ok(await projector.waitFor(deleted.checkpoint as string, 5_000));
    assert.equal(await getSource(await readStore.active(), source.id), null);
  });

  test('deleting a source cascades to what was generated from it, unless asked not to', async () => {
    const deps = { eventStore, readStore, maxConcurrentGenerations: 50 };
    const generatedFor = async (sourceId: string) => {
      const quiz = await requestGeneration(deps, 'quiz', newId(), { sourceId, difficulty: 'easy' }, as('org-a'));
      const mindmap = await requestGeneration(deps, 'mindmap', newId(), { sourceId, difficulty: 'easy' }, as('org-a'));
      assert.ok(await projector.waitFor(mindmap.checkpoint as string, 5_000));
      return [quiz, mindmap].map((written) => written.streamName);
    };
    const existing = async (streams: string[]) => {
      const last = await Promise.all(streams.map(async (stream) => (await eventStore.readStream(stream)).at(-1)?.type));
      return last.filter((type) => !type?.endsWith('Deleted')).length;
    };
    for (const cascade of [true, false]) {
      const source = newId();
      await ingestSource(eventStore, source, { sourceType: 'webpage', url: `https://example.com/cascade-${cascade}` }, as('org-a'));
      const streams = await generatedFor(source.id);
      await deleteSource({ eventStore, blobStore, readStore }, source.id, { cascade }, as('org-a'));
      assert.equal(await existing(streams), cascade ? 0 : 2, `cascade ${cascade}`);
    }
  });
});
