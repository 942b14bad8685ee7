import type { FlashcardSetContent } from '../../domain/learning-content.ts';
import { csv } from './spreadsheet-cells.ts';

/** One row per card: term, definition and where in the source it comes from. */
export const flashcardsCsv = (set: FlashcardSetContent): string =>
  csv([
    ['term', 'definition', 'page', 'section', 'excerpt'],
    ...set.cards.map((card) => [card.term, card.definition, card.source.page?.toString() ?? '', card.source.section ?? '', card.source.excerpt]),
  ]);
