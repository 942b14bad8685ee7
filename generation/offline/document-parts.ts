import type { ParsedSentence } from './nlp.ts';
import type { TextBlock } from './segmentation.ts';

// The parts of an analysed document that the analysis and the finders working on it (definitions,
// key phrases) share; a leaf, so that the analysis can call the finders without an import cycle.

export type Block = TextBlock & { id: number; unit: number; section?: string; sentenceIds: number[] };

export type Sentence = ParsedSentence & { id: number; unit: number; block: number; section?: string; words: number };
