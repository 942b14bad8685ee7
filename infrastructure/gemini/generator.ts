import type { Content } from '@google/genai';
import type { z } from 'zod';
import {
  MAX_QUESTIONS,
  MIN_QUESTIONS,
  type Difficulty,
  type ExtractedContent,
  type Flashcard,
  type FlashcardSetContent,
  type MindmapContent,
  type QuizContent,
  type QuizQuestion,
} from '../../domain/learning-content.ts';
import { GenerationError, type Generated, type GenerationInput, type Generator } from '../../ports/generator.ts';
import { balanceCorrectPositions, checkFlashcards, checkMindmap, checkQuiz } from '../../generation/quality.ts';
import { allocate, chunkContent, estimateTokens, renderSource, type Chunk } from './chunking.ts';
import { callGemini, createGenAI, UsageMeter, type GeminiSettings } from './client.ts';
import { CardDraft, cardsAnswer, mindmapFromTree, QuestionDraft, questionsAnswer, renderTree, treeAnswer, type TreeDraft } from './drafts.ts';
import { GeminiError } from './errors.ts';
import { createGrounder } from './grounding.ts';
import { geminiJsonSchema } from './json-schema.ts';
import {
  alreadyCovered,
  flashcardsTask,
  mergeSource,
  mergeTask,
  MINDMAP_SHAPES,
  mindmapTask,
  partialMindmapTask,
  quizTask,
  STUDY_SYSTEM_INSTRUCTION,
} from './prompts.ts';
import { askUntilValid, itemCollector, RepairExhausted, zodProblems, type Ask, type Judge } from './repair.ts';

// Generation with Gemini. The model answers in JSON constrained by a schema derived from the domain's
// zod schemas (without ids); every answer is validated with zod, its citations grounded in the source
// and the shared quality rules applied, and what fails is sent back for repair a bounded number of
// times. Long sources are cut into chunks that fit the context: cards and questions are asked of each
// chunk in proportion to its size and merged without duplicates; a mind map is first drawn per chunk
// and then once more from those partial maps, so the final tree is organised over the whole document.

export type GeminiGeneratorSettings = GeminiSettings & {
  /** Answers per request before giving up on repairs (default 3). */
  maxAttempts?: number;
  /** Input budget per request in tokens (default 200k); longer sources are chunked. */
  maxInputTokens?: number;
};

const DEFAULT_MAX_ATTEMPTS = 3;
const DEFAULT_MAX_INPUT_TOKENS = 200_000;

// How many flashcards: one per ~120 words of source, scaled by difficulty, kept between 5 and 40 (the
// offline generator's bounds); the model may give fewer when the source has fewer distinct ideas.
const WORDS_PER_CARD = 120;
const CARD_SHARE: Record<Difficulty, number> = { easy: 0.6, medium: 1, hard: 1.4 };
const MIN_CARDS = 5;
const MAX_CARDS = 40;

export function flashcardTarget(content: ExtractedContent, difficulty: Difficulty): number {
  const words = content.text.split(/\s+/).filter(Boolean).length;
  return Math.min(MAX_CARDS, Math.max(MIN_CARDS, Math.round((words / WORDS_PER_CARD) * CARD_SHARE[difficulty])));
}

// Room kept in each request for the instructions, the schema and a repair exchange.
const reserveFor = (maxInputTokens: number) => Math.min(8_000, Math.floor(maxInputTokens / 5));

/** A rule violation reads better to the model without our temporary id in front. */
const withoutLabel = (violations: readonly string[]) => violations.map((violation) => violation.replace(/^(card|question) candidate\s*/, '')).join('; ');

const clip = (text: string, length = 100) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

export function createGeminiGenerator(settings: GeminiGeneratorSettings): Generator {
  const ai = createGenAI(settings);
  const maxAttempts = settings.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const maxInputTokens = settings.maxInputTokens ?? DEFAULT_MAX_INPUT_TOKENS;
  const chunkBudget = maxInputTokens - reserveFor(maxInputTokens);

  const asker =
    (meter: UsageMeter): Ask =>
    async (contents: Content[], schema: z.ZodType) => {
      const answer = await callGemini(ai, settings, { contents, systemInstruction: STUDY_SYSTEM_INSTRUCTION, responseJsonSchema: geminiJsonSchema(schema) });
      meter.add(answer.usage);
      return answer;
    };

  const generated = <C>(content: C, meter: UsageMeter): Generated<C> => ({ content, generator: { name: 'gemini', model: settings.model, usage: meter.total } });

  /** Everything thrown leaves as a GenerationError whose message a client can read. */
  const guarded = async <C>(kind: string, run: () => Promise<Generated<C>>): Promise<Generated<C>> => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof GenerationError) throw error;
      if (error instanceof GeminiError) throw new GenerationError(error.message, { retryable: error.retryable });
      if (error instanceof RepairExhausted) throw new GenerationError(`Gemini could not produce a valid ${kind}: ${error.message}`);
      throw error;
    }
  };

  const prompt = (input: GenerationInput, chunks: Chunk[], index: number, task: string) =>
    `${renderSource(input.sourceTitle, chunks[index] as Chunk, { index, count: chunks.length })}\n\n${task}`;

  function cardRules(chunk: Chunk, wanted: number, others: readonly Flashcard[]) {
    const ground = createGrounder(chunk.entries);
    return itemCollector<CardDraft, Flashcard>({
      noun: 'card',
      listKey: 'cards',
      itemSchema: CardDraft,
      answerSchema: cardsAnswer,
      wanted,
      exact: false,
      describe: (card) => clip(card.term),
      accept(draft, kept) {
        const grounded = ground(draft.source);
        if ('problem' in grounded) return { problem: grounded.problem };
        const card: Flashcard = { id: 'candidate', term: draft.term.trim(), definition: draft.definition.trim(), source: grounded.source };
        const own = checkFlashcards({ title: 'check', cards: [card] });
        if (own.length > 0) return { problem: withoutLabel(own) };
        const twin = [...others, ...kept].find((other) => checkFlashcards({ title: 'check', cards: [{ ...other, id: 'kept' }, card] }).length > 0);
        return twin ? { problem: `repeats the card "${clip(twin.term)}"` } : { item: card };
      },
    });
  }

  function questionRules(chunk: Chunk, wanted: number, others: readonly QuizQuestion[]) {
    const ground = createGrounder(chunk.entries);
    return itemCollector<QuestionDraft, QuizQuestion>({
      noun: 'question',
      listKey: 'questions',
      itemSchema: QuestionDraft,
      answerSchema: questionsAnswer,
      wanted,
      exact: true,
      describe: (question) => clip(question.question),
      accept(draft, kept) {
        const grounded = ground(draft.source);
        if ('problem' in grounded) return { problem: grounded.problem };
        const question: QuizQuestion = {
          id: 'candidate',
          type: 'multipleChoice',
          question: draft.question.trim(),
          options: draft.options.map((option) => option.trim()),
          correctAnswerIndex: draft.correctAnswerIndex,
          explanation: draft.explanation.trim(),
          source: grounded.source,
        };
        const own = checkQuiz({ title: 'check', questions: [question] }, 1);
        if (own.length > 0) return { problem: withoutLabel(own) };
        const twin = [...others, ...kept].find((other) => checkQuiz({ title: 'check', questions: [{ ...other, id: 'kept' }, question] }, 2).length > 0);
        return twin ? { problem: `repeats the question "${clip(twin.question)}"` } : { item: question };
      },
    });
  }

  /** Runs a collector to the end; a chunk that cannot fill its share still gives what it has. */
  async function collect<T>(ask: Ask, text: string, judge: Judge<T[]> & { readonly accepted: T[] }, schema: z.ZodType, problems: string[]): Promise<T[]> {
    try {
      return await askUntilValid(ask, { prompt: text, schema, maxAttempts, judge });
    } catch (error) {
      if (!(error instanceof RepairExhausted)) throw error;
      problems.push(...error.problems);
      return judge.accepted;
    }
  }

  function treeJudge(title: string, answer: z.ZodType<{ root: TreeDraft }>): Judge<TreeDraft> {
    return {
      judge(json) {
        const parsed = answer.safeParse(json);
        if (!parsed.success) return { problems: zodProblems(parsed.error) };
        const content = mindmapFromTree(title, parsed.data.root);
        const labels = new Map(content.nodes.map((node) => [node.id, node.label]));
        const violations = checkMindmap(content).map((violation) => violation.replace(/\bn-\d+\b/g, (id) => `"${clip(labels.get(id) ?? id, 40)}"`));
        const seen = new Set<string>();
        for (const node of content.nodes) {
          const key = node.label.toLowerCase().replace(/\s+/g, ' ');
          if (seen.has(key)) violations.push(`the label "${clip(node.label, 40)}" is used by more than one node`);
          seen.add(key);
        }
        return violations.length > 0 ? { problems: violations } : { value: parsed.data.root };
      },
      next: () => ({ ask: 'Answer again with the whole mind map, fixing these problems.', schema: answer }),
    };
  }

  return {
    flashcards: (input) =>
      guarded('flashcard set', async () => {
        const meter = new UsageMeter();
        const ask = asker(meter);
        const chunks = chunkContent(input.content, chunkBudget);
        const quotas = allocate(
          flashcardTarget(input.content, input.difficulty),
          chunks.map((chunk) => chunk.tokens),
        );
        const cards: Flashcard[] = [];
        const problems: string[] = [];
        for (const [index, chunk] of chunks.entries()) {
          const quota = quotas[index] ?? 0;
          if (quota === 0) continue;
          const judge = cardRules(chunk, quota, [...cards]);
          const task = [alreadyCovered(cards.map((card) => clip(card.term))), flashcardsTask(input.difficulty, quota)].filter(Boolean).join('\n\n');
          cards.push(...(await collect(ask, prompt(input, chunks, index, task), judge, cardsAnswer(quota), problems)));
        }
        if (cards.length === 0) throw new RepairExhausted(maxAttempts, problems);
        const content: FlashcardSetContent = { title: `Flashcards: ${input.sourceTitle}`, cards: cards.map((card, i) => ({ ...card, id: `card-${i + 1}` })) };
        const violations = checkFlashcards(content);
        if (violations.length > 0) throw new GenerationError(`the merged flashcards broke the quality rules: ${violations.slice(0, 5).join('; ')}`);
        return generated(content, meter);
      }),

    quiz: (input) =>
      guarded('quiz', async () => {
        const wanted = input.numberOfQuestions;
        if (!Number.isInteger(wanted) || wanted < MIN_QUESTIONS || wanted > MAX_QUESTIONS) {
          throw new GenerationError(`numberOfQuestions must be an integer from ${MIN_QUESTIONS} to ${MAX_QUESTIONS}`);
        }
        const meter = new UsageMeter();
        const ask = asker(meter);
        const chunks = chunkContent(input.content, chunkBudget);
        const quotas = allocate(
          wanted,
          chunks.map((chunk) => chunk.tokens),
        );
        const questions: QuizQuestion[] = [];
        const problems: string[] = [];
        const fromChunk = async (index: number, count: number) => {
          const judge = questionRules(chunks[index] as Chunk, count, [...questions]);
          const task = [alreadyCovered(questions.map((question) => clip(question.question))), quizTask(input.difficulty, count)].filter(Boolean).join('\n\n');
          const got = await collect(ask, prompt(input, chunks, index, task), judge, questionsAnswer(count), problems);
          questions.push(...got);
          return got.length;
        };
        const filled: number[] = [];
        for (const [index, quota] of quotas.entries()) {
          if (quota > 0 && (await fromChunk(index, quota)) === quota) filled.push(index);
        }
        // A chunk that came up short has had its attempts; larger chunks that filled their share may have more to ask about.
        const spare = filled.sort((a, b) => (chunks[b]?.tokens ?? 0) - (chunks[a]?.tokens ?? 0));
        for (const index of spare) {
          if (questions.length >= wanted) break;
          await fromChunk(index, wanted - questions.length);
        }
        if (questions.length < wanted) {
          throw new GenerationError(
            `Gemini produced only ${questions.length} of the ${wanted} questions asked for that meet the quality rules${problems.length > 0 ? `: ${problems.slice(0, 5).join('; ')}` : ''}`,
          );
        }
        const numbered = questions.slice(0, wanted).map((question, i) => ({ ...question, id: `q-${i + 1}` }));
        const content: QuizContent = { title: `Quiz: ${input.sourceTitle}`, questions: balanceCorrectPositions(numbered) };
        const violations = checkQuiz(content, wanted);
        if (violations.length > 0) throw new GenerationError(`the merged quiz broke the quality rules: ${violations.slice(0, 5).join('; ')}`);
        return generated(content, meter);
      }),

    mindmap: (input) =>
      guarded('mind map', async () => {
        const meter = new UsageMeter();
        const ask = asker(meter);
        const shape = MINDMAP_SHAPES[input.difficulty];
        const answer = treeAnswer(shape);
        const draw = (text: string) => askUntilValid(ask, { prompt: text, schema: answer, maxAttempts, judge: treeJudge(input.sourceTitle, answer) });
        const chunks = chunkContent(input.content, chunkBudget);
        let root: TreeDraft;
        if (chunks.length === 1) root = await draw(prompt(input, chunks, 0, mindmapTask(input.difficulty)));
        else {
          const partials: TreeDraft[] = [];
          for (const index of chunks.keys()) partials.push(await draw(prompt(input, chunks, index, partialMindmapTask(input.difficulty))));
          // Partial maps are far smaller than their chunks; should they still not fit together, their deepest levels go first.
          const merged = (depth: number) =>
            mergeSource(
              input.sourceTitle,
              partials.map((partial) => renderTree(partial, depth)),
            );
          let depth = shape.levels;
          while (depth > 1 && estimateTokens(merged(depth)) > chunkBudget) depth -= 1;
          if (estimateTokens(merged(depth)) > chunkBudget)
            throw new GenerationError('the source is too long to map: even the outlines of its parts do not fit the model input');
          root = await draw(`${merged(depth)}\n\n${mergeTask(input.difficulty)}`);
        }
        const content: MindmapContent = mindmapFromTree(input.sourceTitle, root);
        return generated(content, meter);
      }),
  };
}
