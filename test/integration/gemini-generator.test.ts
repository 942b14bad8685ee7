import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import type { ExtractedContent, OutlineEntry } from '../../domain/learning-content.ts';
import { allocate, chunkContent } from '../../infrastructure/gemini/chunking.ts';
import { createGeminiGenerator, type GeminiGeneratorSettings } from '../../infrastructure/gemini/generator.ts';
import { createGrounder } from '../../infrastructure/gemini/grounding.ts';
import { GenerationError } from '../../ports/generator.ts';
import { checkFlashcards, checkMindmap, checkQuiz, maxUsesOfCorrectPosition } from '../../generation/quality.ts';
import { codeWord, startFakeGemini, validAnswer, type FakeAnswer, type FakeGemini, type GenerateCall } from '../support/fake-gemini.ts';

const API_KEY = 'AIzaTest-do-not-leak-0123456789';

const page = (index: number, text: string, title?: string): OutlineEntry => ({ kind: 'page', index, text, ...(title ? { title } : {}) });
const contentOf = (outline: OutlineEntry[]): ExtractedContent => ({ title: 'Plants', text: outline.map((entry) => entry.text).join('\n\n'), outline });

const plants = contentOf([
  page(0, 'Photosynthesis makes glucose from light, water and carbon dioxide. Chlorophyll is the green pigment that absorbs red and blue light.', 'Light'),
  page(1, 'Respiration releases the energy stored in glucose inside the mitochondrion. Stomata are pores that let carbon dioxide into the leaf.'),
  page(2, 'Xylem carries water up from the roots. Phloem carries sugars from the leaves to the rest of the plant.'),
]);
const input = { sourceTitle: 'Plants', content: plants, difficulty: 'medium' as const };

/** A long source: `pages` pages of eight sentences each, every sentence about different (made-up) plants. */
const longSource = (pages: number) =>
  contentOf(
    Array.from({ length: pages }, (_, p) =>
      page(
        p,
        Array.from({ length: 8 }, (_, s) => {
          const n = (p * 8 + s) * 3;
          return `The ${codeWord(n)} shrub stores ${codeWord(n + 1)} starch inside its ${codeWord(n + 2)} roots during dry months.`;
        }).join(' '),
      ),
    ),
  );

const totalUsage = (fake: FakeGemini) =>
  fake.calls.reduce(
    (sum, call) => ({
      promptTokens: sum.promptTokens + (call.usage?.promptTokenCount ?? 0),
      outputTokens: sum.outputTokens + (call.usage?.candidatesTokenCount ?? 0),
      totalTokens: sum.totalTokens + (call.usage?.totalTokenCount ?? 0),
    }),
    { promptTokens: 0, outputTokens: 0, totalTokens: 0 },
  );

const rejectsWith = (promise: Promise<unknown>, check: (error: GenerationError) => void) =>
  assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof GenerationError, `expected a GenerationError, got ${inspect(error)}`);
    assert.ok(!inspect(error, { depth: 10 }).includes(API_KEY), 'the API key leaked into the error');
    check(error);
    return true;
  });

describe('Gemini generator against a local fake of the API', () => {
  let fake: FakeGemini;
  let script: (call: GenerateCall) => FakeAnswer;
  before(async () => {
    // Size-based token counts, so usage sums are not all alike.
    fake = await startFakeGemini({
      apiKey: API_KEY,
      handler: (call) => script(call),
      usage: (call, text) => {
        const promptTokenCount = Math.ceil(JSON.stringify(call.body).length / 4);
        const candidatesTokenCount = Math.ceil(text.length / 4);
        return { promptTokenCount, candidatesTokenCount, totalTokenCount: promptTokenCount + candidatesTokenCount + 7 };
      },
    });
  });
  after(() => fake.close());
  beforeEach(() => {
    fake.calls.length = 0;
    fake.requests.length = 0;
    script = (call) => ({ text: validAnswer(call) });
  });
  const generator = (overrides: Partial<GeminiGeneratorSettings> = {}) =>
    createGeminiGenerator({
      apiKey: API_KEY,
      model: 'gemini-test',
      baseUrl: fake.baseUrl,
      timeoutMs: 5000,
      maxAttempts: 3,
      retry: { attempts: 3, baseDelayMs: 20, maxDelayMs: 2000 },
      ...overrides,
    });
  const call = (index: number) => fake.calls[index] as GenerateCall;

  test('flashcards: structured output without ids, ids assigned, citations grounded, usage recorded', async () => {
    const result = await generator().flashcards(input);
    assert.deepEqual(checkFlashcards(result.content), []);
    assert.equal(result.content.title, 'Flashcards: Plants');
    assert.deepEqual(
      result.content.cards.map((card) => card.id),
      result.content.cards.map((_, i) => `card-${i + 1}`),
    );
    assert.ok(result.content.cards.length >= 5);
    const chlorophyll = result.content.cards.find((card) => card.source.excerpt.startsWith('Chlorophyll'));
    assert.deepEqual(chlorophyll?.source, { page: 1, section: 'Light', excerpt: 'Chlorophyll is the green pigment that absorbs red and blue light.' });
    assert.deepEqual(result.generator, { name: 'gemini', model: 'gemini-test', usage: totalUsage(fake) });
    assert.ok((result.generator.usage?.totalTokens ?? 0) > 0);

    assert.equal(fake.calls.length, 1);
    assert.match(call(0).path, /^\/v1beta\/models\/gemini-test:generateContent$/);
    assert.equal(call(0).headers['x-goog-api-key'], API_KEY);
    const config = call(0).body['generationConfig'];
    assert.equal(config.responseMimeType, 'application/json');
    const item = config.responseJsonSchema.properties.cards.items;
    assert.deepEqual(Object.keys(item.properties).sort(), ['definition', 'source', 'term']);
    assert.match(call(0).body['systemInstruction'].parts[0].text, /exact quote/);
    assert.match(call(0).prompt, /\[Page 1: Light\]\nPhotosynthesis makes glucose/);
    assert.match(call(0).prompt, /Cover the key terms/);
  });

  test('quizzes: exactly the number asked for, correct positions shuffled and balanced, difficulty in the prompt', async () => {
    const result = await generator().quiz({ ...input, difficulty: 'hard', numberOfQuestions: 12 });
    assert.equal(result.content.questions.length, 12);
    assert.deepEqual(checkQuiz(result.content, 12), []);
    assert.equal(result.content.questions[11]?.id, 'q-12');
    // The fake always puts the answer first; positions are rebalanced after generation.
    const counts = [0, 1, 2, 3].map((index) => result.content.questions.filter((question) => question.correctAnswerIndex === index).length);
    assert.ok(Math.max(...counts) <= maxUsesOfCorrectPosition(12) && Math.min(...counts) > 0, `positions ${counts}`);
    for (const question of result.content.questions) assert.match(question.options[question.correctAnswerIndex] ?? '', /^Alpha /);
    const schema = call(0).schema?.properties.questions;
    assert.equal(schema.minItems, 12);
    assert.equal(schema.maxItems, 12);
    assert.match(call(0).prompt, /exactly 12 multiple-choice questions/);
    assert.match(call(0).prompt, /specific details, figures and relationships/);
    assert.deepEqual(result.generator.usage, totalUsage(fake));
  });

  for (const [difficulty, levels] of [
    ['easy', 2],
    ['medium', 3],
    ['hard', 4],
  ] as const) {
    test(`mind maps (${difficulty}): one tree, ids and edges assigned, depth bounded by the schema`, async () => {
      const result = await generator().mindmap({ ...input, difficulty });
      const { nodes, edges, rootId } = result.content;
      assert.deepEqual(checkMindmap(result.content), []);
      assert.equal(rootId, 'n-1');
      assert.equal(nodes[0]?.parentId, null);
      assert.equal(nodes[0]?.label, 'Plants');
      assert.equal(edges.length, nodes.length - 1);
      const depthOf = (id: string): number => {
        const parent = nodes.find((node) => node.id === id)?.parentId;
        return parent ? 1 + depthOf(parent) : 0;
      };
      assert.equal(Math.max(...nodes.map((node) => depthOf(node.id))), levels);
      assert.match(call(0).prompt, new RegExp(`at most ${levels} levels`));
    });
  }

  test('a citation of the wrong page is corrected; an invented excerpt is sent back for repair', async () => {
    script = (current) => {
      const answer = JSON.parse(validAnswer(current));
      if (current.index === 0) {
        answer.cards[0].source = { page: 3, excerpt: 'Stomata are pores that let carbon dioxide into the leaf.' };
        answer.cards[1].source = { page: 1, excerpt: 'Plants sing to each other at night.' };
      }
      return { json: answer };
    };
    const result = await generator().flashcards(input);
    assert.equal(fake.calls.length, 2);
    assert.deepEqual(result.content.cards[0]?.source, { page: 2, excerpt: 'Stomata are pores that let carbon dioxide into the leaf.' });
    assert.ok(!result.content.cards.some((card) => card.source.excerpt.includes('sing')));
    assert.match(call(1).lastUserText, /card 2: its excerpt "Plants sing to each other at night\." is not a quote from the source/);
    assert.deepEqual(checkFlashcards(result.content), []);
  });

  test('malformed JSON is repaired on the next attempt: the broken answer and the problem go back to the model', async () => {
    script = (current) => (current.index === 0 ? { text: '{"cards": [{"term": "Photo' } : { text: validAnswer(current) });
    const result = await generator().flashcards(input);
    assert.ok(result.content.cards.length > 0);
    assert.equal(fake.calls.length, 2);
    const contents = call(1).body['contents'];
    assert.deepEqual(
      contents.map((content: { role: string }) => content.role),
      ['user', 'model', 'user'],
    );
    assert.equal(contents[1].parts[0].text, '{"cards": [{"term": "Photo');
    assert.match(call(1).lastUserText, /not valid JSON/);
    assert.deepEqual(result.generator.usage, totalUsage(fake), 'usage sums both attempts');
  });

  test('an answer cut off at the output limit is asked again with fewer or shorter items', async () => {
    script = (current) => (current.index === 0 ? { text: '{"cards": [', finishReason: 'MAX_TOKENS' } : { text: validAnswer(current) });
    await generator().flashcards(input);
    assert.match(call(1).lastUserText, /cut off at the output limit/);
  });

  test('quality-rule violations are repaired: good questions are kept and only replacements are asked for', async () => {
    script = (current) => {
      const answer = JSON.parse(validAnswer(current));
      if (current.index === 0) {
        answer.questions[1].options[3] = 'All of the above';
        answer.questions[2].question = `Is ${answer.questions[2].options[0]} the right answer?`;
        answer.questions[3].options = ['Same', 'Same', 'Other', 'Else'];
      }
      return { json: answer };
    };
    const result = await generator().quiz({ ...input, numberOfQuestions: 6 });
    assert.equal(fake.calls.length, 2);
    assert.equal(call(1).schema?.properties.questions.minItems, 3, 'the repair asks for the three rejected questions only');
    const repair = call(1).lastUserText;
    assert.match(repair, /question 2: .*all\/none of the above/);
    assert.match(repair, /question 3: .*states its correct answer/);
    assert.match(repair, /question 4: .*not distinct/);
    assert.match(repair, /exactly 3 new questions/);
    assert.equal(result.content.questions.length, 6);
    assert.deepEqual(checkQuiz(result.content, 6), []);
  });

  test('a mind map with two nodes of the same label is drawn again', async () => {
    script = (current) => {
      const answer = JSON.parse(validAnswer(current));
      if (current.index === 0) answer.root.children[1].label = answer.root.children[0].label;
      return { json: answer };
    };
    const result = await generator().mindmap(input);
    assert.equal(fake.calls.length, 2);
    assert.match(call(1).lastUserText, /the label "Topic \w+" is used by more than one node/);
    assert.match(call(1).lastUserText, /whole mind map/);
    assert.equal(new Set(result.content.nodes.map((node) => node.label)).size, result.content.nodes.length);
  });

  test('a question count outside 1..50 is refused before any call', async () => {
    for (const numberOfQuestions of [0, 51, 2.5]) {
      await rejectsWith(generator().quiz({ ...input, numberOfQuestions }), (error) => assert.match(error.message, /from 1 to 50/));
    }
    assert.equal(fake.calls.length, 0);
  });

  test('a model that keeps repeating itself fails for good, saying how many questions it managed and why', async () => {
    script = (current) => {
      const answer = JSON.parse(validAnswer({ ...current, index: 0 }));
      return { json: { questions: answer.questions.map(() => answer.questions[0]) } };
    };
    await rejectsWith(generator().quiz({ ...input, numberOfQuestions: 3 }), (error) => {
      assert.equal(error.retryable, false);
      assert.match(error.message, /only 1 of the 3 questions/);
      assert.match(error.message, /repeats the question/);
    });
    assert.equal(fake.calls.length, 3);
  });

  test('output that stays malformed fails for good after maxAttempts, with the reason', async () => {
    script = () => ({ text: 'Here is your mind map: it has a root.' });
    await rejectsWith(generator({ maxAttempts: 2 }).mindmap(input), (error) => {
      assert.equal(error.retryable, false);
      assert.match(error.message, /mind map.*after 2 attempts.*not valid JSON/);
    });
    assert.equal(fake.calls.length, 2);
  });

  test('a 429 is retried after the Retry-After delay, then succeeds', async () => {
    script = (current) => (current.index === 0 ? { status: 429, retryAfterSeconds: 1 } : { text: validAnswer(current) });
    const started = Date.now();
    const result = await generator().flashcards(input);
    assert.ok(Date.now() - started >= 950, 'waited as asked');
    assert.equal(fake.calls.length, 2);
    assert.deepEqual(result.generator.usage, totalUsage(fake));
  });

  test("a 429 with Google's RetryInfo delay is honoured too", async () => {
    script = (current) => (current.index === 0 ? { status: 429, retryDelaySeconds: 0.4 } : { text: validAnswer(current) });
    const started = Date.now();
    await generator().flashcards(input);
    assert.ok(Date.now() - started >= 380);
  });

  test('a 429 that persists ends in a retryable failure; one asking for a longer wait than allowed gives up at once', async () => {
    script = () => ({ status: 429, message: 'Resource has been exhausted (e.g. check quota).' });
    await rejectsWith(generator().quiz({ ...input, numberOfQuestions: 2 }), (error) => {
      assert.equal(error.retryable, true);
      assert.match(error.message, /rate limit or quota.*429 RESOURCE_EXHAUSTED.*check quota/);
    });
    assert.equal(fake.calls.length, 3);

    fake.calls.length = 0;
    script = () => ({ status: 429, retryAfterSeconds: 120 });
    await rejectsWith(generator().quiz({ ...input, numberOfQuestions: 2 }), (error) => {
      assert.equal(error.retryable, true);
      assert.match(error.message, /asked to wait 120 s/);
    });
    assert.equal(fake.calls.length, 1);
  });

  test('a 500 is retried and succeeds; repeated 500s end in a retryable failure', async () => {
    script = (current) => (current.index === 0 ? { status: 500 } : { text: validAnswer(current) });
    assert.ok((await generator().mindmap(input)).content.nodes.length > 1);
    assert.equal(fake.calls.length, 2);

    fake.calls.length = 0;
    script = () => ({ status: 503, message: 'The model is overloaded. Please try again later.' });
    await rejectsWith(generator().flashcards(input), (error) => {
      assert.equal(error.retryable, true);
      assert.match(error.message, /503 UNAVAILABLE.*overloaded/);
    });
    assert.equal(fake.calls.length, 3);
  });

  test('a model that does not answer in time is a retryable failure', async () => {
    script = () => ({ hang: true });
    await rejectsWith(generator({ timeoutMs: 300, retry: { attempts: 2, baseDelayMs: 10, maxDelayMs: 100 } }).flashcards(input), (error) => {
      assert.equal(error.retryable, true);
      assert.match(error.message, /did not answer within 300 ms/);
    });
    assert.equal(fake.calls.length, 2);
  });

  test('an invalid API key (400) and a refusal (403) fail for good, without the key in the message', async () => {
    const wrongKey = 'AIzaWrong-key-that-must-not-leak';
    await assert.rejects(generator({ apiKey: wrongKey }).flashcards(input), (error: unknown) => {
      assert.ok(error instanceof GenerationError);
      assert.equal(error.retryable, false);
      assert.match(error.message, /API key is not valid/);
      assert.ok(!inspect(error, { depth: 10 }).includes(wrongKey));
      return true;
    });
    assert.equal(fake.calls.length, 0, 'refused before reaching the model');

    script = () => ({ status: 403, message: 'Generative Language API has not been used in project 123 before or it is disabled.' });
    await rejectsWith(generator().flashcards(input), (error) => {
      assert.equal(error.retryable, false);
      assert.match(error.message, /refused access \(403 PERMISSION_DENIED\): Generative Language API/);
    });
    assert.equal(fake.calls.length, 1);
  });

  test('a blocked prompt fails for good', async () => {
    script = () => ({ blocked: 'PROHIBITED_CONTENT' });
    await rejectsWith(generator().flashcards(input), (error) => {
      assert.equal(error.retryable, false);
      assert.match(error.message, /blocked: PROHIBITED_CONTENT/);
    });
  });

  test('a long quiz source is chunked: questions allocated by chunk size, each chunk sees only its pages, results merged', async () => {
    const long = longSource(12);
    const result = await generator({ maxInputTokens: 1000 }).quiz({ ...input, content: long, numberOfQuestions: 10 });
    assert.ok(fake.calls.length >= 3, `${fake.calls.length} calls`);
    const asked = fake.calls.map((current) => current.schema?.properties.questions.minItems as number);
    assert.equal(
      asked.reduce((a, b) => a + b, 0),
      10,
    );
    for (const current of fake.calls) {
      const source = /<source[\s\S]*<\/source>/.exec(current.prompt)?.[0] ?? '';
      assert.ok(source.length / 4 <= 1000, 'each chunk fits the input budget');
    }
    const pagesSeen = fake.calls.map((current) => [...current.prompt.matchAll(/\[Page (\d+)\]/g)].map((match) => Number(match[1])));
    assert.deepEqual(
      pagesSeen.flat(),
      Array.from({ length: 12 }, (_, i) => i + 1),
      'every page in exactly one chunk, in order',
    );
    pagesSeen.forEach((pages, index) =>
      assert.ok(Math.abs((asked[index] ?? 0) - (10 * pages.length) / 12) < 1, `chunk ${index}: ${asked[index]} questions for ${pages.length} pages`),
    );
    assert.match(call(1).prompt, /already gave these; do not repeat them/);
    assert.equal(result.content.questions.length, 10);
    assert.deepEqual(checkQuiz(result.content, 10), []);
    assert.ok(new Set(result.content.questions.map((question) => question.source.page)).size >= 3, 'questions come from every part');
    assert.deepEqual(result.generator.usage, totalUsage(fake));
  });

  test('long sources: flashcards from every chunk without duplicates; a mind map merged from partial maps', async () => {
    const long = longSource(12);
    const cards = await generator({ maxInputTokens: 1000 }).flashcards({ ...input, content: long });
    const chunkCalls = fake.calls.length;
    assert.ok(chunkCalls >= 3);
    assert.deepEqual(checkFlashcards(cards.content), []);
    assert.ok(new Set(cards.content.cards.map((card) => card.source.page)).size >= 3);

    fake.calls.length = 0;
    const mindmap = await generator({ maxInputTokens: 1000 }).mindmap({ ...input, content: long });
    assert.equal(fake.calls.length, chunkCalls + 1, 'one partial map per chunk, then one merge');
    assert.match(call(0).prompt, /one part of a longer document/);
    const merge = call(chunkCalls).prompt;
    assert.match(merge, /mind maps of its consecutive parts/);
    for (let part = 1; part <= chunkCalls; part++) assert.match(merge, new RegExp(`\\[Part ${part}\\]`));
    assert.deepEqual(checkMindmap(mindmap.content), []);
    assert.equal(mindmap.content.nodes[0]?.label, 'Plants');
  });
});

describe('Gemini generator building blocks', () => {
  test('allocate splits a total in proportion and always sums to it', () => {
    assert.deepEqual(allocate(10, [1, 1, 1]), [4, 3, 3]);
    assert.deepEqual(allocate(5, [800, 100, 100]), [4, 1, 0]);
    assert.deepEqual(allocate(3, [0, 0]), [2, 1]);
    for (let total = 0; total < 30; total++)
      assert.equal(
        allocate(total, [3, 7, 11, 1]).reduce((a, b) => a + b, 0),
        total,
      );
  });

  test('chunking keeps pages whole when they fit and cuts an oversized page at paragraphs', () => {
    const content = contentOf([page(0, 'a'.repeat(1000)), page(1, 'b'.repeat(1000)), page(2, `${'c'.repeat(1500)}\n\n${'d'.repeat(1500)}`)]);
    const chunks = chunkContent(content, 600);
    assert.ok(chunks.every((chunk) => chunk.tokens <= 600));
    assert.deepEqual(
      chunks.map((chunk) => chunk.entries.map((entry) => `${entry.index}:${entry.text[0]}`)),
      [['0:a', '1:b'], ['2:c'], ['2:d']],
    );
    assert.equal(chunkContent(contentOf([]), 600).length, 1, 'text without an outline is one section');
  });

  test('grounding finds quotes despite case, punctuation and ellipses, and rejects what is not there', () => {
    const ground = createGrounder(plants.outline);
    assert.deepEqual(ground({ excerpt: 'XYLEM carries water ... from the roots' }), { source: { page: 3, excerpt: 'XYLEM carries water ... from the roots' } });
    assert.deepEqual(ground({ section: 'Light', excerpt: 'Chlorophyll is a green pigment which absorbs red and blue light' }), {
      source: { page: 1, section: 'Light', excerpt: 'Chlorophyll is the green pigment that absorbs red and blue light.' },
    });
    assert.ok('problem' in ground({ excerpt: 'Mushrooms are not plants.' }));
    assert.ok('problem' in ground({ excerpt: ' … ' }));
  });
});
