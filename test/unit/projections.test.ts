import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { deterministicEventId } from '../../commands/handle-command.ts';
import type { RecordedEvent } from '../../ports/event-store.ts';
import { currentVersion, type DomainEvent } from '../../domain/events.ts';
import { createMemoryReadStore } from '../../infrastructure/read-store/memory.ts';
import { allProjections } from '../../projections/index.ts';
import type { Projection } from '../../projections/projection.ts';
import { listParkedEvents } from '../../projections/parked-events.ts';
import { projectBatch } from '../../projections/projector.ts';

// Read models given events: what a client will see for each sequence of events.

let position = 0;
const recorded = (streamName: string, event: DomainEvent, at: string, organizationId = 'org-1'): RecordedEvent => {
  position++;
  return {
    id: deterministicEventId(streamName, position, 'c', event),
    type: event.type,
    data: event.data as Record<string, unknown>,
    metadata: { correlationId: 'c', organizationId, schemaVersion: currentVersion[event.type], recordedAt: at },
    streamName,
    streamPosition: 0,
    globalPosition: String(position).padStart(20, '0'),
  };
};

async function project(events: RecordedEvent[]) {
  const store = createMemoryReadStore();
  const space = await store.active();
  for (const event of events) await space.apply(await projectBatch(space, allProjections, [event]), event.globalPosition);
  return space;
}

const t = (minute: number) => `2026-01-01T00:${String(minute).padStart(2, '0')}:00.000Z`;
const blob = { key: 'uploads/org-1/s-1', sha256: 'a'.repeat(64), size: 5 };

describe('read models', () => {
  test('organizations and keys: a key is found by its hash until revoked', async () => {
    const space = await project([
      recorded(
        'organization-org-1',
        { type: 'OrganizationCreated', data: { organizationId: 'org-1', name: 'Acme', url: 'https://a.example', createdAt: t(0) } },
        t(0),
      ),
      recorded(
        'organization-org-1',
        { type: 'ApiKeyIssued', data: { organizationId: 'org-1', keyId: 'k1', keyHash: 'b'.repeat(64), lastFour: 'wxyz', issuedAt: t(0) } },
        t(0),
      ),
    ]);
    assert.deepEqual(await space.get('organizations', 'org-1'), { id: 'org-1', name: 'Acme', url: 'https://a.example', createdAt: t(0), updatedAt: t(0) });
    assert.deepEqual(await space.get('apiKeys', 'b'.repeat(64)), { keyId: 'k1', organizationId: 'org-1' });

    const revoked = await project([
      recorded(
        'organization-org-1',
        { type: 'OrganizationCreated', data: { organizationId: 'org-1', name: 'Acme', url: 'https://a.example', createdAt: t(0) } },
        t(0),
      ),
      recorded(
        'organization-org-1',
        { type: 'ApiKeyIssued', data: { organizationId: 'org-1', keyId: 'k1', keyHash: 'b'.repeat(64), lastFour: 'wxyz', issuedAt: t(0) } },
        t(0),
      ),
      recorded('organization-org-1', { type: 'ApiKeyRevoked', data: { organizationId: 'org-1', keyId: 'k1', revokedAt: t(1) } }, t(1)),
    ]);
    assert.equal(await revoked.get('apiKeys', 'b'.repeat(64)), null);
    assert.equal((await revoked.get('apiKeyRecords', 'k1'))?.['revokedAt'], t(1));
  });

  test('a source goes processing → indexed, its job queued then done', async () => {
    const events = [
      recorded(
        'source-s-1',
        { type: 'SourceIngested', data: { sourceId: 's-1', organizationId: 'org-1', sourceType: 'file', fileName: 'a.pdf', blob, ingestedAt: t(0) } },
        t(0),
      ),
    ];
    let space = await project(events);
    assert.equal((await space.get('sources', 's-1'))?.['status'], 'processing');
    assert.equal((await space.get('sources', 's-1'))?.['title'], 'a.pdf');
    assert.deepEqual(
      (await space.list('jobs', { index: 'pending', limit: 10 })).items.map((job) => job['kind']),
      ['indexing'],
    );

    events.push(
      recorded(
        'source-s-1',
        { type: 'SourceIndexingStarted', data: { sourceId: 's-1', workerId: 'w', attempt: 1, leaseExpiresAt: t(5), startedAt: t(1) } },
        t(1),
      ),
      recorded(
        'source-s-1',
        {
          type: 'SourceIndexed',
          data: {
            sourceId: 's-1',
            title: 'Cells',
            content: { key: 'content/s-1.json', sha256: 'c'.repeat(64), size: 9 },
            outline: [],
            wordCount: 3,
            language: 'en',
            indexedAt: t(2),
          },
        },
        t(2),
      ),
    );
    space = await project(events);
    const source = await space.get('sources', 's-1');
    assert.equal(source?.['status'], 'indexed');
    assert.equal(source?.['title'], 'Cells');
    assert.equal(source?.['updatedAt'], t(2));
    assert.equal(source?.['createdAt'], t(0));
    assert.deepEqual((await space.list('jobs', { index: 'pending', limit: 10 })).items, []);
  });

  test('a failed source carries its reason; a deleted one disappears from lists', async () => {
    const ingested = recorded(
      'source-s-2',
      { type: 'SourceIngested', data: { sourceId: 's-2', organizationId: 'org-1', sourceType: 'webpage', url: 'https://x.example', ingestedAt: t(0) } },
      t(0),
    );
    const failed = recorded(
      'source-s-2',
      { type: 'SourceIndexingFailed', data: { sourceId: 's-2', reason: 'the page is empty', retryable: false, attempt: 1, failedAt: t(1) } },
      t(1),
    );
    let space = await project([ingested, failed]);
    assert.equal((await space.get('sources', 's-2'))?.['error'], 'the page is empty');
    space = await project([ingested, failed, recorded('source-s-2', { type: 'SourceDeleted', data: { sourceId: 's-2', deletedAt: t(2) } }, t(2))]);
    assert.equal(await space.get('sources', 's-2'), null);
    assert.deepEqual((await space.list('sources', { index: 'org:org-1', limit: 10 })).items, []);
  });

  test('a quiz: generating (counted for the quota), then ready with its content', async () => {
    const requested = recorded(
      'quiz-q-1',
      { type: 'QuizRequested', data: { id: 'q-1', organizationId: 'org-1', sourceId: 's-1', difficulty: 'easy', numberOfQuestions: 1, requestedAt: t(0) } },
      t(0),
    );
    let space = await project([requested]);
    assert.equal((await space.list('quizzes', { index: 'org:org-1:generating', limit: 10 })).items.length, 1);
    const question = {
      id: 'q1',
      type: 'multipleChoice' as const,
      question: 'Which?',
      options: ['a', 'b', 'c', 'd'],
      correctAnswerIndex: 0,
      explanation: 'e',
      source: { page: 1, excerpt: 'x' },
    };
    space = await project([
      requested,
      recorded(
        'quiz-q-1',
        { type: 'QuizGenerated', data: { id: 'q-1', content: { title: 'T', questions: [question] }, generator: { name: 'offline' }, generatedAt: t(1) } },
        t(1),
      ),
    ]);
    const quiz = await space.get('quizzes', 'q-1');
    assert.equal(quiz?.['status'], 'ready');
    assert.equal(quiz?.['title'], 'T');
    assert.equal(quiz?.['numberOfQuestions'], 1);
    assert.deepEqual(quiz?.['questions'], [question]);
    assert.equal((await space.list('quizzes', { index: 'org:org-1:generating', limit: 10 })).items.length, 0);
    assert.equal((await space.list('quizzes', { index: 'org:org-1:source:s-1', limit: 10 })).items.length, 1);
  });

  test('the organization feed numbers its events and leaves out key hashes and storage references', async () => {
    const space = await project([
      recorded(
        'organization-org-1',
        { type: 'ApiKeyIssued', data: { organizationId: 'org-1', keyId: 'k1', keyHash: 'b'.repeat(64), lastFour: 'wxyz', issuedAt: t(0) } },
        t(0),
      ),
      recorded(
        'source-s-1',
        { type: 'SourceIngested', data: { sourceId: 's-1', organizationId: 'org-1', sourceType: 'file', fileName: 'a.pdf', blob, ingestedAt: t(1) } },
        t(1),
      ),
      recorded(
        'source-s-9',
        { type: 'SourceIngested', data: { sourceId: 's-9', organizationId: 'org-2', sourceType: 'file', fileName: 'b.pdf', blob, ingestedAt: t(1) } },
        t(1),
        'org-2',
      ),
    ]);
    const first = await space.get('feed', 'org-1:1');
    const second = await space.get('feed', 'org-1:2');
    assert.equal(first?.['type'], 'ApiKeyIssued');
    assert.ok(!JSON.stringify(first).includes('b'.repeat(64)));
    assert.equal(second?.['type'], 'SourceIngested');
    assert.ok(!('blob' in (second?.['data'] as object)));
    assert.equal(await space.get('feed', 'org-1:3'), null);
    assert.equal((await space.get('feed', 'org-2:1'))?.['type'], 'SourceIngested');
  });

  test('one batch or one event per batch: the same read models (reads see the batch’s own writes)', async () => {
    const events = [
      recorded(
        'organization-org-1',
        { type: 'OrganizationCreated', data: { organizationId: 'org-1', name: 'Acme', url: 'https://a.example', createdAt: t(0) } },
        t(0),
      ),
      recorded(
        'organization-org-1',
        { type: 'ApiKeyIssued', data: { organizationId: 'org-1', keyId: 'k1', keyHash: 'b'.repeat(64), lastFour: 'wxyz', issuedAt: t(0) } },
        t(0),
      ),
      recorded(
        'source-s-1',
        { type: 'SourceIngested', data: { sourceId: 's-1', organizationId: 'org-1', sourceType: 'file', fileName: 'a.pdf', blob, ingestedAt: t(1) } },
        t(1),
      ),
      recorded(
        'source-s-1',
        { type: 'SourceIndexingStarted', data: { sourceId: 's-1', workerId: 'w', attempt: 1, leaseExpiresAt: t(5), startedAt: t(2) } },
        t(2),
      ),
      recorded(
        'source-s-1',
        { type: 'SourceIndexingFailed', data: { sourceId: 's-1', reason: 'unreadable', retryable: false, attempt: 1, failedAt: t(3) } },
        t(3),
      ),
      recorded('organization-org-1', { type: 'ApiKeyRevoked', data: { organizationId: 'org-1', keyId: 'k1', revokedAt: t(4) } }, t(4)),
    ];
    const together = await createMemoryReadStore().active();
    await together.apply(await projectBatch(together, allProjections, events), (events.at(-1) as RecordedEvent).globalPosition);
    const apart = await project(events);
    assert.deepEqual(await together.dump(), await apart.dump());
    assert.equal((await together.get('sources', 's-1'))?.['status'], 'failed');
    assert.equal((await together.get('feedCounters', 'org-1'))?.['sequence'], 6);
  });

  test('a projection that reads a document it did not name in its reads fails loudly', async () => {
    const space = await createMemoryReadStore().active();
    const sneaky: Projection = { name: 'sneaky', reads: {}, handle: (_event, reader) => (reader.get('sources', 's-1') ? [] : []) };
    const event = recorded('source-s-1', { type: 'SourceDeleted', data: { sourceId: 's-1', deletedAt: t(0) } }, t(0));
    await assert.rejects(projectBatch(space, [sneaky], [event]), /read sources s-1 without naming it/);
  });

  test('an event a projection throws on is parked for that projection; the others and later events still apply, in one batch or apart', async () => {
    const fragile: Projection = {
      name: 'fragile',
      reads: {},
      handle: (event) => {
        if (event.type === 'SourceDeleted') throw new TypeError('cannot read properties of undefined');
        return [];
      },
    };
    const events = [
      recorded(
        'source-s-1',
        { type: 'SourceIngested', data: { sourceId: 's-1', organizationId: 'org-1', sourceType: 'file', fileName: 'a.pdf', blob, ingestedAt: t(0) } },
        t(0),
      ),
      recorded('source-s-1', { type: 'SourceDeleted', data: { sourceId: 's-1', deletedAt: t(1) } }, t(1)),
      recorded(
        'source-s-2',
        { type: 'SourceIngested', data: { sourceId: 's-2', organizationId: 'org-1', sourceType: 'file', fileName: 'b.pdf', blob, ingestedAt: t(2) } },
        t(2),
      ),
    ];
    const projections = [...allProjections, fragile];
    const together = await createMemoryReadStore().active();
    await together.apply(await projectBatch(together, projections, events), (events.at(-1) as RecordedEvent).globalPosition);
    const apart = await createMemoryReadStore().active();
    for (const event of events) await apart.apply(await projectBatch(apart, projections, [event]), event.globalPosition);
    assert.deepEqual(await together.dump(), await apart.dump(), 'a rebuild (large batches) decides as the live projector (small ones)');
    assert.equal(await together.get('sources', 's-1'), null, 'the other projections applied the deletion');
    assert.equal((await together.get('sources', 's-2'))?.['status'], 'processing', 'later events applied');
    const parked = (await listParkedEvents(together, { limit: 10 })).items;
    assert.deepEqual(
      parked.map(({ projection, type, stream, error }) => ({ projection, type, stream, error })),
      [{ projection: 'fragile', type: 'SourceDeleted', stream: 'source-s-1', error: 'TypeError: cannot read properties of undefined' }],
    );
  });

  test('an event nesting deeper than anything the service writes is parked for every projection, without recursion', async () => {
    let nested: unknown = 'bottom';
    for (let i = 0; i < 200_000; i++) nested = [nested];
    const poisoned = recorded(
      'source-s-9',
      { type: 'SourceIngested', data: { sourceId: 's-9', organizationId: 'org-1', sourceType: 'webpage', url: 'https://x.example', ingestedAt: t(0) } },
      t(0),
    );
    poisoned.data['metadata'] = { x: nested };
    const space = await createMemoryReadStore().active();
    await space.apply(await projectBatch(space, allProjections, [poisoned]), poisoned.globalPosition);
    assert.equal(await space.get('sources', 's-9'), null);
    assert.deepEqual(
      (await listParkedEvents(space, { limit: 10 })).items.map((event) => event.projection),
      ['*'],
    );
  });
});
