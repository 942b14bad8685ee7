import type { FlashcardSetContent } from '../../domain/learning-content.ts';

// Quizlet's import takes "term<Tab>definition" lines: a tab or a line break inside a card would
// split it, so they become spaces.

const oneLine = (text: string) => text.replace(/[\t\r\n]+/g, ' ').trim();

export const flashcardsTsv = (set: FlashcardSetContent): string =>
  `${set.cards.map((card) => `${oneLine(card.term)}\t${oneLine(card.definition)}`).join('\n')}\n`;
