import type { Difficulty, ExtractedContent, FlashcardSetContent, GeneratorInfo, MindmapContent, QuizContent } from '../domain/learning-content.ts';

// The generator port: the offline generator (default) and Gemini implement it.

export type GenerationInput = { sourceTitle: string; content: ExtractedContent; difficulty: Difficulty };

export type Generated<C> = { content: C; generator: GeneratorInfo };

/** A failure the client can read; `retryable` marks transient ones (rate limit, timeout, 5xx). */
export class GenerationError extends Error {
  readonly retryable: boolean;
  constructor(message: string, options: { retryable?: boolean; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'GenerationError';
    this.retryable = options.retryable ?? false;
  }
}

export interface Generator {
  flashcards(input: GenerationInput): Promise<Generated<FlashcardSetContent>>;
  quiz(input: GenerationInput & { numberOfQuestions: number }): Promise<Generated<QuizContent>>;
  mindmap(input: GenerationInput): Promise<Generated<MindmapContent>>;
}
