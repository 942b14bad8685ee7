import { z } from 'zod';

// Shapes of what a generator produces. The HTTP layer, both generators and the quality rules share them.

export const difficulties = ['easy', 'medium', 'hard'] as const;
export const Difficulty = z.enum(difficulties);
export type Difficulty = z.infer<typeof Difficulty>;

export const MIN_QUESTIONS = 1;
export const MAX_QUESTIONS = 50;
export const DEFAULT_QUESTIONS = 10;

export const SourceReference = z.object({
  page: z.number().int().positive().optional(),
  section: z.string().optional(),
  excerpt: z.string().max(400),
});
export type SourceReference = z.infer<typeof SourceReference>;

export const Flashcard = z.object({
  id: z.string(),
  term: z.string().min(1),
  definition: z.string().min(1),
  source: SourceReference,
});
export type Flashcard = z.infer<typeof Flashcard>;

export const QuizQuestion = z.object({
  id: z.string(),
  type: z.literal('multipleChoice'),
  question: z.string().min(1),
  options: z.array(z.string().min(1)).length(4),
  correctAnswerIndex: z.number().int().min(0).max(3),
  explanation: z.string(),
  source: SourceReference,
});
export type QuizQuestion = z.infer<typeof QuizQuestion>;

export const MindmapNode = z.object({
  id: z.string(),
  label: z.string().min(1),
  definition: z.string(),
  isHighlyImportant: z.boolean(),
  parentId: z.string().nullable(),
});
export type MindmapNode = z.infer<typeof MindmapNode>;

export const MindmapEdge = z.object({ id: z.string(), source: z.string(), target: z.string() });
export type MindmapEdge = z.infer<typeof MindmapEdge>;

export const FlashcardSetContent = z.object({ title: z.string(), cards: z.array(Flashcard).min(1) });
export const QuizContent = z.object({ title: z.string(), questions: z.array(QuizQuestion).min(1) });
export const MindmapContent = z.object({
  title: z.string(),
  rootId: z.string(),
  nodes: z.array(MindmapNode).min(1),
  edges: z.array(MindmapEdge),
});
export type FlashcardSetContent = z.infer<typeof FlashcardSetContent>;
export type QuizContent = z.infer<typeof QuizContent>;
export type MindmapContent = z.infer<typeof MindmapContent>;

export const generationKinds = ['flashcards', 'mindmap', 'quiz'] as const;
export type GenerationKind = (typeof generationKinds)[number];

export const TokenUsage = z.object({
  promptTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  totalTokens: z.number().int().nonnegative(),
});

export const GeneratorInfo = z.object({
  name: z.string(),
  model: z.string().optional(),
  usage: TokenUsage.optional(),
});
export type GeneratorInfo = z.infer<typeof GeneratorInfo>;

// Extracted content: stored in the blob store, never in events (it holds the document's full text).
export const outlineKinds = ['page', 'slide', 'sheet', 'section', 'segment'] as const;
export const OutlineEntry = z.object({
  kind: z.enum(outlineKinds),
  index: z.number().int().nonnegative(),
  title: z.string().optional(),
  text: z.string(),
  start: z.number().nonnegative().optional(),
  end: z.number().nonnegative().optional(),
  /** A page without a text layer (scanned), read by text recognition. */
  ocr: z.boolean().optional(),
});
export type OutlineEntry = z.infer<typeof OutlineEntry>;

// What a stretch of the document is, so that generators draw facts from prose, definitions, lists and
// tables and never make a cloze of code, a running header or a navigation link.
export const blockKinds = ['heading', 'prose', 'listItem', 'definition', 'table', 'code', 'caption', 'boilerplate'] as const;
export type BlockKind = (typeof blockKinds)[number];
export const ContentBlock = z.object({
  kind: z.enum(blockKinds),
  text: z.string(),
  /** Headings: 1 for the document's top level. */
  level: z.number().int().min(1).max(6).optional(),
  /** Definitions: the defined term (`text` holds its definition). */
  term: z.string().optional(),
  /** Where the block stands: 1-based page or slide, and the title of the enclosing section. */
  page: z.number().int().positive().optional(),
  section: z.string().optional(),
});
export type ContentBlock = z.infer<typeof ContentBlock>;

export const ExtractedContent = z.object({
  title: z.string().optional(),
  text: z.string(),
  outline: z.array(OutlineEntry),
  /** The document as typed blocks in reading order; absent in content extracted by earlier versions. */
  blocks: z.array(ContentBlock).optional(),
  /**
   * What the text sets in italics or bold (a textbook's way to mark the terms it introduces), each once in
   * reading order; absent where the format carries no emphasis (PDF, slides, sheets) and in content
   * extracted by earlier versions.
   */
  emphasis: z.array(z.string()).optional(),
});
export type ExtractedContent = z.infer<typeof ExtractedContent>;
