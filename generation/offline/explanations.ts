import type { Analysis } from './analysis.ts';
import type { Sentence } from './document-parts.ts';
import type { Definition } from './definitions.ts';
import type { Phrase } from './key-phrases.ts';

// What the document says about a key phrase: its definition when it gives one, otherwise the
// sentence that explains it best (the phrase near the start, as the subject; a full sentence of
// moderate length; earlier in the document rather than later).

export type Explanation = { text: string; sentence: Sentence; definition?: Definition };

const MIN_WORDS = 6;
const MAX_WORDS = 40;

/** A full sentence (it has a verb) of a length a learner can read on a card. */
export function isStatement(sentence: Sentence): boolean {
  return sentence.words >= MIN_WORDS && sentence.words <= MAX_WORDS && sentence.tokens.some((token) => token.pos === 'VERB' || token.pos === 'AUX');
}

function sentenceScore(analysis: Analysis, sentence: Sentence, phrase: Phrase): number {
  const occurrence = analysis.phrases.inSentence.get(sentence.id)?.find((span) => span.key === phrase.key);
  const asSubject = occurrence && occurrence.start <= 1 ? 1 : 0;
  const comfortableLength = sentence.words >= 10 && sentence.words <= 30 ? 0.5 : 0;
  return asSubject + comfortableLength - sentence.id / Math.max(1, analysis.sentences.length) / 2;
}

export function explainingSentence(analysis: Analysis, phrase: Phrase, exclude: ReadonlySet<number> = new Set()): Sentence | undefined {
  let best: Sentence | undefined;
  let bestScore = -Infinity;
  for (const id of phrase.sentenceIds) {
    const sentence = analysis.sentences[id];
    if (!sentence || exclude.has(id) || !isStatement(sentence)) continue;
    const score = sentenceScore(analysis, sentence, phrase);
    if (score > bestScore) [best, bestScore] = [sentence, score];
  }
  return best;
}

export function explain(analysis: Analysis, phrase: Phrase): Explanation | undefined {
  const definition = analysis.definitionByKey.get(phrase.key);
  const defined = definition && analysis.sentences[definition.sentenceId];
  if (definition && defined) return { text: definition.text, sentence: defined, definition };
  const sentence = explainingSentence(analysis, phrase);
  return sentence ? { text: sentence.text, sentence } : undefined;
}
