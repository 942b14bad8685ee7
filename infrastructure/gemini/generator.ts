import { z } from 'zod';
import type { Difficulty, ExtractedContent, FlashcardSetContent, MindmapContent, QuizContent } from '../../domain/learning-content.ts';
import { type Generated, GenerationError, type GenerationInput, type Generator } from '../../workers/generation/generator.ts';
import { balanceCorrectPositions, checkFlashcards, checkMindmap, checkQuiz, isNearDuplicate } from '../../workers/generation/quality.ts';
import { addUsage, callForJson, createGenAI, emptyUsage, type GeminiSettings, type Usage } from './client.ts';
import { chunkContent, renderChunk } from './chunking.ts';

// Generation with Gemini: the model answers in JSON shaped by a schema derived from zod; we assign
// ids, shuffle answer positions, run the same quality rules as the offline generator, and ask the
// model to repair what breaks them, a bounded number of times. Long sources are cut into chunks that
// fit the context; per-chunk results are merged and deduplicated.

const Reference = { page: z.number().int().positive().optional(), section: z.string().optional(), excerpt: z.string().min(1).max(300) };
const CardsDraft = z.object({ title: z.string().min(1), cards: z.array(z.object({ term: z.string().min(1), definition: z.string().min(1), ...Reference })).min(1) });
const QuizDraft = z.object({
  title: z.string().min(1),
  questions: z
    .array(z.object({ question: z.string().min(1), options: z.array(z.string().min(1)).length(4), correctAnswerIndex: z.number().int().min(0).max(3), explanation: z.string().min(1), ...Reference }))
    .min(1),
});
const MindmapDraft = z.object({
  title: z.string().min(1),
  nodes: z.array(z.object({ key: z.string().min(1), label: z.string().min(1), definition: z.string(), isHighlyImportant: z.boolean(), parentKey: z.string().nullable() })).min(1),
});

const difficultyGuide: Record<Difficulty, string> = {
  easy: 'Keep to the central definitions and main ideas; make wrong options clearly different from the answer.',
  medium: 'Cover the main ideas and important details; wrong options should be plausible.',
  hard: 'Go into specific details, numbers and relationships; wrong options should be close to the answer but clearly wrong per the text.',
};

const SYSTEM = [
  'You create study material strictly from the source text given. Never use outside knowledge.',
  'Every item cites where it came from: "page" (the page or slide number given in the source) or "section" (its heading), and "excerpt", a short quote (under 200 characters) of the sentence it came from.',
  'Answer only with JSON matching the schema.',
].join(' ');

const reference = (item: { page?: number | undefined; section?: string | undefined; excerpt: string }) => ({
  ...(item.page ? { page: item.page } : {}),
  ...(item.section ? { section: item.section } : {}),
  ...(!item.page && !item.section ? { section: 'Source' } : {}),
  excerpt: item.excerpt.slice(0, 200),
});

export type GeminiGeneratorSettings = GeminiSettings & { maxAttempts: number; maxInputTokens?: number };

export function createGeminiGenerator(settings: GeminiGeneratorSettings): Generator {
  const ai = createGenAI(settings);
  const info = (usage: Usage) => ({ name: 'gemini', model: settings.model, usage });

  /** Calls until the draft passes zod and `check`; on failure the next prompt lists what was wrong. */
  async function draftWithRepair<D, C>(
    prompt: string,
    schema: z.ZodType<D>,
    build: (draft: D) => C,
    check: (content: C) => string[],
  ): Promise<{ content: C; usage: Usage }> {
    let usage = emptyUsage();
    let feedback = '';
    let problems: string[] = [];
    for (let attempt = 1; attempt <= settings.maxAttempts; attempt++) {
      const answer = await callForJson(ai, settings, { system: SYSTEM, parts: [{ text: prompt + feedback }], schema });
      usage = addUsage(usage, answer.usage);
      const parsed = schema.safeParse(answer.json);
      if (!parsed.success) {
        problems = answer.json === undefined ? ['the answer was not valid JSON'] : parsed.error.issues.slice(0, 10).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
      } else {
        const content = build(parsed.data);
        problems = check(content);
        if (problems.length === 0) return { content, usage };
      }
      feedback = `\n\nYour previous answer was rejected:\n- ${problems.join('\n- ')}\nAnswer again, fixing these problems.\nPrevious answer:\n${answer.text.slice(0, 20_000)}`;
    }
    throw new GenerationError(`the Gemini answer did not meet the quality rules after ${settings.maxAttempts} attempts: ${problems.slice(0, 5).join('; ')}`);
  }

  const chunksOf = (content: ExtractedContent) => chunkContent(content, settings.maxInputTokens ?? 200_000);

  return {
    async flashcards(input: GenerationInput): Promise<Generated<FlashcardSetContent>> {
      const chunks = chunksOf(input.content);
      let usage = emptyUsage();
      const cards: FlashcardSetContent['cards'] = [];
      let title = input.sourceTitle;
      for (const chunk of chunks) {
        const prompt = `Create flashcards (term and definition) for the key terms and ideas of this source. ${difficultyGuide[input.difficulty]} Make between 5 and 30 cards, no duplicates.\n\nSource "${input.sourceTitle}":\n${renderChunk(chunk)}`;
        const result = await draftWithRepair(
          prompt,
          CardsDraft,
          (draft) => ({ title: draft.title, cards: draft.cards.map((card, i) => ({ id: `card-${i + 1}`, term: card.term, definition: card.definition, source: reference(card) })) }),
          checkFlashcards,
        );
        usage = addUsage(usage, result.usage);
        if (chunks.length === 1) title = result.content.title;
        for (const card of result.content.cards) if (!cards.some((kept) => isNearDuplicate(kept.term, card.term))) cards.push(card);
      }
      const content = { title, cards: cards.map((card, i) => ({ ...card, id: `card-${i + 1}` })) };
      const problems = checkFlashcards(content);
      if (problems.length) throw new GenerationError(`the merged flashcards broke the quality rules: ${problems.slice(0, 5).join('; ')}`);
      return { content, generator: info(usage) };
    },

    async quiz(input: GenerationInput & { numberOfQuestions: number }): Promise<Generated<QuizContent>> {
      const chunks = chunksOf(input.content);
      const total = chunks.reduce((sum, chunk) => sum + chunk.tokens, 0);
      let usage = emptyUsage();
      const questions: QuizContent['questions'] = [];
      let title = input.sourceTitle;
      for (const chunk of chunks) {
        const wanted = chunks.length === 1 ? input.numberOfQuestions : Math.max(1, Math.ceil((input.numberOfQuestions * 1.3 * chunk.tokens) / total));
        const prompt = `Write exactly ${wanted} multiple-choice questions about this source. Each has 4 distinct options with exactly one correct answer stated in the source; the question must not contain the answer; never use "all of the above" or "none of the above". ${difficultyGuide[input.difficulty]} The explanation quotes or paraphrases the sentence that proves the answer.\n\nSource "${input.sourceTitle}":\n${renderChunk(chunk)}`;
        const build = (draft: z.infer<typeof QuizDraft>): QuizContent => ({
          title: draft.title,
          questions: balanceCorrectPositions(
            draft.questions.map((q, i) => ({
              id: `q-${i + 1}`,
              type: 'multipleChoice' as const,
              question: q.question,
              options: q.options,
              correctAnswerIndex: q.correctAnswerIndex,
              explanation: q.explanation,
              source: reference(q),
            })),
          ),
        });
        const result = await draftWithRepair(prompt, QuizDraft, build, (content) => checkQuiz(content, wanted));
        usage = addUsage(usage, result.usage);
        if (chunks.length === 1) title = result.content.title;
        for (const question of result.content.questions) if (!questions.some((kept) => isNearDuplicate(kept.question, question.question))) questions.push(question);
      }
      if (questions.length < input.numberOfQuestions) {
        throw new GenerationError(`the source supports only ${questions.length} distinct questions; ask for ${questions.length} or fewer`);
      }
      const content = {
        title,
        questions: balanceCorrectPositions(questions.slice(0, input.numberOfQuestions).map((q, i) => ({ ...q, id: `q-${i + 1}` }))),
      };
      const problems = checkQuiz(content, input.numberOfQuestions);
      if (problems.length) throw new GenerationError(`the merged quiz broke the quality rules: ${problems.slice(0, 5).join('; ')}`);
      return { content, generator: info(usage) };
    },

    async mindmap(input: GenerationInput): Promise<Generated<MindmapContent>> {
      const chunks = chunksOf(input.content);
      const depth = input.difficulty === 'easy' ? 2 : input.difficulty === 'medium' ? 3 : 4;
      const build = (draft: z.infer<typeof MindmapDraft>): MindmapContent => {
        const idOf = new Map(draft.nodes.map((node, i) => [node.key, `n-${i + 1}`]));
        const nodes = draft.nodes.map((node) => ({
          id: idOf.get(node.key) as string,
          label: node.label,
          definition: node.definition,
          isHighlyImportant: node.isHighlyImportant,
          parentId: node.parentKey === null ? null : (idOf.get(node.parentKey) ?? `missing:${node.parentKey}`),
        }));
        const root = nodes.find((node) => node.parentId === null);
        return {
          title: draft.title,
          rootId: root?.id ?? '',
          nodes,
          edges: nodes.filter((node) => node.parentId !== null).map((node) => ({ id: `e-${node.id}`, source: node.parentId as string, target: node.id })),
        };
      };
      let usage = emptyUsage();
      // Long sources: one subtree per chunk, joined under a root named after the source.
      const subtrees: MindmapContent[] = [];
      for (const chunk of chunks) {
        const prompt = `Build a mind map of this source as a tree of at most ${depth} levels: exactly one root node (parentKey null), every other node names its parent's key. Give each node a short label and a one-sentence definition from the text; mark the most central nodes isHighlyImportant. ${difficultyGuide[input.difficulty]}\n\nSource "${input.sourceTitle}":\n${renderChunk(chunk)}`;
        const result = await draftWithRepair(prompt, MindmapDraft, build, checkMindmap);
        usage = addUsage(usage, result.usage);
        subtrees.push(result.content);
      }
      const content = subtrees.length === 1 ? (subtrees[0] as MindmapContent) : joinSubtrees(input.sourceTitle, subtrees);
      const problems = checkMindmap(content);
      if (problems.length) throw new GenerationError(`the mind map broke the quality rules: ${problems.slice(0, 5).join('; ')}`);
      return { content, generator: info(usage) };
    },
  };
}

function joinSubtrees(title: string, subtrees: MindmapContent[]): MindmapContent {
  const nodes: MindmapContent['nodes'] = [{ id: 'n-root', label: title, definition: `Overview of ${title}`, isHighlyImportant: true, parentId: null }];
  subtrees.forEach((tree, t) => {
    for (const node of tree.nodes) {
      nodes.push({ ...node, id: `c${t + 1}-${node.id}`, parentId: node.parentId === null ? 'n-root' : `c${t + 1}-${node.parentId}` });
    }
  });
  return {
    title,
    rootId: 'n-root',
    nodes,
    edges: nodes.filter((node) => node.parentId !== null).map((node) => ({ id: `e-${node.id}`, source: node.parentId as string, target: node.id })),
  };
}
