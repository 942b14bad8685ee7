import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createGeminiGenerator } from '../../infrastructure/gemini/generator.ts';
import { GenerationError } from '../../workers/generation/generator.ts';
import { checkFlashcards, checkMindmap, checkQuiz } from '../../workers/generation/quality.ts';
import { promptOf, startFakeGemini, validAnswer, type GeminiRequest, type Scripted } from '../support/fake-gemini.ts';

const API_KEY = 'test-gemini-key-do-not-leak-123';
const content = {
  title: 'Plants',
  text: 'Photosynthesis makes glucose.',
  outline: [
    { kind: 'page' as const, index: 0, text: 'Photosynthesis makes glucose from light. Chlorophyll is green.' },
    { kind: 'page' as const, index: 1, text: 'Respiration releases energy in the mitochondrion.' },
  ],
};
const input = { sourceTitle: 'Plants', content, difficulty: 'medium' as const };

describe('Gemini generator against a local fake', () => {
  let script: (request: GeminiRequest, call: number) => Scripted = (request) => ({ text: validAnswer(request) });
  let fake: Awaited<ReturnType<typeof startFakeGemini>>;
  before(async () => {
    fake = await startFakeGemini((request, call) => script(request, call));
  });
  after(() => fake.close());
  const generator = (overrides: Partial<Parameters<typeof createGeminiGenerator>[0]> = {}) =>
    createGeminiGenerator({ apiKey: API_KEY, model: 'gemini-test', baseUrl: fake.baseUrl, timeoutMs: 5000, maxAttempts: 3, ...overrides });
  const reset = (next: typeof script) => {
    fake.requests.length = 0;
    let calls = 0;
    script = (request) => next(request, calls++);
  };

  test('flashcards, quizzes and mind maps: ids assigned, rules pass, usage recorded, structured output requested', async () => {
    reset((request) => ({ text: validAnswer(request) }));
    const cards = await generator().flashcards(input);
    assert.deepEqual(checkFlashcards(cards.content), []);
    assert.equal(cards.content.cards[0]?.id, 'card-1');
    assert.deepEqual(cards.generator, { name: 'gemini', model: 'gemini-test', usage: { promptTokens: 100, outputTokens: 50, totalTokens: 150 } });
    const request = fake.requests[0] as GeminiRequest;
    assert.match(request.path, /models\/gemini-test:generateContent$/);
    assert.equal(request.headers['x-goog-api-key'], API_KEY);
    assert.equal(request.body.generationConfig.responseMimeType, 'application/json');
    assert.ok(request.body.generationConfig.responseJsonSchema.properties.cards);

    const quiz = await generator().quiz({ ...input, numberOfQuestions: 8 });
    assert.equal(quiz.content.questions.length, 8);
    assert.deepEqual(checkQuiz(quiz.content, 8), []);
    assert.ok(new Set(quiz.content.questions.map((q) => q.correctAnswerIndex)).size > 1, 'correct positions are shuffled');

    const mindmap = await generator().mindmap({ ...input, difficulty: 'hard' });
    assert.deepEqual(checkMindmap(mindmap.content), []);
    assert.equal(mindmap.content.nodes.find((node) => node.id === mindmap.content.rootId)?.parentId, null);
  });

  test('malformed output is repaired on the next attempt, with the problem named in the prompt', async () => {
    reset((request, call) => (call === 0 ? { text: '{"title": "oops", "cards": [' } : { text: validAnswer(request) }));
    const result = await generator().flashcards(input);
    assert.ok(result.content.cards.length > 0);
    assert.equal(fake.requests.length, 2);
    assert.match(promptOf(fake.requests[1] as GeminiRequest), /not valid JSON/);
    assert.equal(result.generator.usage?.totalTokens, 300, 'usage sums both attempts');
  });

  test('a rule violation is repaired', async () => {
    reset((request, call) => {
      if (call > 0) return { text: validAnswer(request) };
      const answer = JSON.parse(validAnswer(request));
      answer.questions[0].options[3] = 'All of the above';
      return { text: JSON.stringify(answer) };
    });
    const result = await generator().quiz({ ...input, numberOfQuestions: 4 });
    assert.equal(result.content.questions.length, 4);
    assert.match(promptOf(fake.requests[1] as GeminiRequest), /above/i);
  });

  test('output that stays malformed fails for good with the reason', async () => {
    reset(() => ({ text: 'not json at all' }));
    await assert.rejects(generator().mindmap(input), (error: unknown) => {
      assert.ok(error instanceof GenerationError);
      assert.equal(error.retryable, false);
      assert.match(error.message, /after 3 attempts/);
      return true;
    });
  });

  test('a 429 is retried, then succeeds', async () => {
    reset((request, call) => (call === 0 ? { status: 429, retryAfter: 1 } : { text: validAnswer(request) }));
    const result = await generator().flashcards(input);
    assert.ok(result.content.cards.length > 0);
    assert.equal(fake.requests.length, 2);
  });

  test('repeated 500s end in a retryable failure without the API key in the message', async () => {
    reset(() => ({ status: 500 }));
    await assert.rejects(generator().flashcards(input), (error: unknown) => {
      assert.ok(error instanceof GenerationError);
      assert.equal(error.retryable, true);
      assert.ok(!error.message.includes(API_KEY));
      return true;
    });
  });

  test('a 403 (bad key) fails for good', async () => {
    reset(() => ({ status: 403 }));
    await assert.rejects(generator().flashcards(input), (error: unknown) => error instanceof GenerationError && !error.retryable && /API key/.test(error.message));
  });

  test('a model that does not answer times out as a retryable failure', async () => {
    reset(() => ({ hang: true }));
    await assert.rejects(generator({ timeoutMs: 300 }).flashcards(input), (error: unknown) => error instanceof GenerationError && error.retryable);
  });

  test('a long source is split into chunks that each fit the context, and the results merged', async () => {
    reset((request) => ({ text: validAnswer(request) }));
    const long = { ...content, outline: Array.from({ length: 6 }, (_, i) => ({ kind: 'page' as const, index: i, text: `Page ${i + 1}. ` + 'Plants grow toward light. '.repeat(40) })) };
    const result = await generator({ maxInputTokens: 600 }).quiz({ ...input, content: long, numberOfQuestions: 5 });
    assert.ok(fake.requests.length >= 3, `${fake.requests.length} calls`);
    assert.equal(result.content.questions.length, 5);
    assert.deepEqual(checkQuiz(result.content, 5), []);
  });
});
