import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkFlashcards, checkMindmap, checkQuiz } from '../../generation/quality.ts';
import { makePdf } from '../support/make-pdf.ts';
import { startTestService, type TestService } from '../support/service.ts';
import { ingestFile, waitForSource } from '../support/sources.ts';

// Issue acceptance: upload a multi-page document, generate all three resources at each difficulty,
// list, get, delete, cross-organization 403 and bad bodies 400.

const chapterPages = async () => {
  const text = await readFile(join(import.meta.dirname, '..', 'fixtures', 'generation', 'photosynthesis-chapter.txt'), 'utf8');
  return text.split(/\n\d{2,3}\n/).map((page) => page.split('\n'));
};

describe('generation over HTTP', () => {
  let service: TestService;
  let apiKey: string;
  let otherKey: string;
  let sourceId: string;

  before(async () => {
    service = await startTestService();
    apiKey = (await service.createOrganization('Teachers')).apiKey;
    otherKey = (await service.createOrganization('Strangers')).apiKey;
    const pdf = makePdf(await chapterPages(), { title: 'Photosynthesis and Cellular Respiration' });
    const response = await ingestFile(service, apiKey, { name: 'chapter5.pdf', bytes: pdf, type: 'application/pdf' });
    sourceId = response.body.data.id;
    const source = await waitForSource(service, apiKey, sourceId);
    assert.equal(source.status, 'indexed', source.error);
  });
  after(() => service.stop());

  for (const difficulty of ['easy', 'medium', 'hard'] as const) {
    test(`flashcards, a quiz and a mindmap at difficulty ${difficulty}`, async () => {
      const flashcards = await service.call('POST', `/v1/sources/${sourceId}/flashcards`, { apiKey, json: { difficulty } });
      assert.equal(flashcards.status, 200, JSON.stringify(flashcards.body));
      const set = flashcards.body.data;
      assert.equal(set.status, 'ready');
      assert.equal(set.sourceId, sourceId);
      assert.equal(set.difficulty, difficulty);
      assert.ok(set.cards.length >= 5);
      assert.deepEqual(checkFlashcards(set), []);
      assert.ok(set.cards.every((card: { source: { page?: number; excerpt: string } }) => card.source.page && card.source.excerpt));

      const quiz = await service.call('POST', `/v1/sources/${sourceId}/quizzes`, { apiKey, json: { numberOfQuestions: 8, difficulty } });
      assert.equal(quiz.status, 200, JSON.stringify(quiz.body));
      assert.equal(quiz.body.data.numberOfQuestions, 8);
      assert.equal(quiz.body.data.questions.length, 8);
      assert.deepEqual(checkQuiz(quiz.body.data, 8), []);

      const mindmap = await service.call('POST', `/v1/sources/${sourceId}/mindmaps`, { apiKey, json: { difficulty } });
      assert.equal(mindmap.status, 200, JSON.stringify(mindmap.body));
      assert.deepEqual(checkMindmap(mindmap.body.data), []);
      assert.ok(
        mindmap.body.data.nodes.some((node: { id: string; parentId: string | null }) => node.id === mindmap.body.data.rootId && node.parentId === null),
      );
    });
  }

  test('defaults: flashcards with no body, a quiz of 10 medium questions', async () => {
    const flashcards = await service.call('POST', `/v1/sources/${sourceId}/flashcards`, { apiKey });
    assert.equal(flashcards.status, 200);
    assert.equal(flashcards.body.data.difficulty, 'medium');
    const quiz = await service.call('POST', `/v1/sources/${sourceId}/quizzes`, { apiKey, json: {} });
    assert.equal(quiz.status, 200);
    assert.equal(quiz.body.data.questions.length, 10);
    assert.equal(quiz.body.data.difficulty, 'medium');
  });

  test('bad bodies are 400s naming the field', async () => {
    const cases: [string, unknown, RegExp][] = [
      ['mindmaps', { difficulty: 'extreme' }, /difficulty/],
      ['quizzes', { numberOfQuestions: 0 }, /numberOfQuestions/],
      ['quizzes', { numberOfQuestions: 51 }, /numberOfQuestions/],
      ['quizzes', { numberOfQuestions: 'ten' }, /numberOfQuestions/],
      ['quizzes', { numberOfQuestions: 2.5 }, /numberOfQuestions/],
      ['quizzes', { difficulty: 'extreme', numberOfQuestions: 5 }, /difficulty/],
      ['flashcards', { difficulty: 7 }, /difficulty/],
    ];
    for (const [kind, json, message] of cases) {
      const response = await service.call('POST', `/v1/sources/${sourceId}/${kind}`, { apiKey, json });
      assert.equal(response.status, 400, `${kind} ${JSON.stringify(json)}`);
      assert.match(response.body.error, message);
    }
  });

  test('list, get and delete; another organization gets 403, unknown ids 404', async () => {
    const created = await service.call('POST', `/v1/sources/${sourceId}/quizzes`, { apiKey, json: { numberOfQuestions: 3, difficulty: 'easy' } });
    const quizId = created.body.data.id;
    const list = await service.call('GET', '/v1/quizzes', { apiKey });
    assert.equal(list.status, 200);
    assert.equal(list.body.data[0]._id, quizId);
    const bySource = await service.call('GET', `/v1/quizzes?sourceId=${sourceId}&limit=1`, { apiKey });
    assert.equal(bySource.body.data.length, 1);
    assert.ok(bySource.body.nextCursor);
    assert.deepEqual((await service.call('GET', '/v1/quizzes', { apiKey: otherKey })).body.data, []);

    for (const [plural, id] of [['quizzes', quizId]] as const) {
      assert.equal((await service.call('GET', `/v1/${plural}/${id}`, { apiKey })).status, 200);
      assert.equal((await service.call('GET', `/v1/${plural}/${id}`, { apiKey: otherKey })).status, 403);
      assert.equal((await service.call('DELETE', `/v1/${plural}/${id}`, { apiKey: otherKey })).status, 403);
      const deleted = await service.call('DELETE', `/v1/${plural}/${id}`, { apiKey });
      assert.equal(deleted.status, 200);
      assert.equal(typeof deleted.body.message, 'string');
      assert.equal((await service.call('GET', `/v1/${plural}/${id}`, { apiKey })).status, 404);
    }
    for (const plural of ['flashcards', 'mindmaps', 'quizzes']) {
      assert.equal((await service.call('GET', `/v1/${plural}/does-not-exist`, { apiKey })).status, 404);
      assert.equal((await service.call('GET', `/v1/${plural}`, { apiKey })).status, 200);
    }
    const mindmaps = await service.call('GET', '/v1/mindmaps', { apiKey });
    const mindmapId = mindmaps.body.data[0]._id;
    assert.equal((await service.call('DELETE', `/v1/mindmaps/${mindmapId}`, { apiKey: otherKey })).status, 403);
    assert.equal((await service.call('DELETE', `/v1/mindmaps/${mindmapId}`, { apiKey })).status, 200);
    const sets = await service.call('GET', '/v1/flashcards', { apiKey });
    assert.equal((await service.call('DELETE', `/v1/flashcards/${sets.body.data[0]._id}`, { apiKey })).status, 200);
  });

  test('generating from another organization’s source is 403, from an unknown one 404', async () => {
    assert.equal((await service.call('POST', `/v1/sources/${sourceId}/flashcards`, { apiKey: otherKey })).status, 403);
    assert.equal((await service.call('POST', '/v1/sources/nope/flashcards', { apiKey })).status, 404);
  });

  test('a failed source is a 409', async () => {
    const broken = await ingestFile(service, apiKey, { name: 'broken.pdf', bytes: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n') });
    const failed = await waitForSource(service, apiKey, broken.body.data.id);
    assert.equal(failed.status, 'failed');
    const response = await service.call('POST', `/v1/sources/${broken.body.data.id}/quizzes`, { apiKey, json: { numberOfQuestions: 3 } });
    assert.equal(response.status, 409);
    assert.match(response.body.error, /failed/);
  });

  test('a quiz larger than the source supports fails with how many it supports', async () => {
    const small = await ingestFile(service, apiKey, { name: 'tiny.txt', bytes: Buffer.from('Osmosis is the movement of water across a membrane.\n') });
    await waitForSource(service, apiKey, small.body.data.id);
    const response = await service.call('POST', `/v1/sources/${small.body.data.id}/quizzes`, { apiKey, json: { numberOfQuestions: 20 } });
    assert.equal(response.status, 200);
    assert.equal(response.body.data.status, 'failed');
    assert.match(response.body.data.error, /supports (only \d+|no) questions?/);
  });
});
