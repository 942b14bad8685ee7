import { comparisonTokens } from '../quality.ts';
import type { Phrase, PhraseIndex } from './key-phrases.ts';

// "The package synopsis, or short description", "a forge (also called a software forge)": the text gives
// one thing two names. Beside each other they are no right and wrong option, and a statement with one
// swapped for the other is no false one.

/** ", or" before a name that runs to the end of its clause, "(or …)", ", also called …", "(also known as …)". */
const NAMED_AGAIN = /,\s+or\s+|\s+\((?:or|also called|also known as)\s+|,\s+also (?:called|known as)\s+/giu;
const MAX_NAME_WORDS = 4;
const ARTICLE = /^(?:an?|the)\s+/i;

const comparisonKeyOf = (text: string) => comparisonTokens(text).join(' ');

/** The phrase the words name, the longest run of them that is one: the last words before, or the first after. */
function namedBy(words: readonly string[], byText: ReadonlyMap<string, Phrase>, fromEnd: boolean): Phrase | undefined {
  for (let size = Math.min(MAX_NAME_WORDS, words.length); size >= 1; size -= 1) {
    const run = fromEnd ? words.slice(words.length - size) : words.slice(0, size);
    const phrase = byText.get(comparisonKeyOf(run.join(' ')));
    // After the link the name is all there is up to the clause's end: "…, or short description" is the
    // heading's second name, "…, or short descriptions of each" no name of it.
    if (phrase && (fromEnd || size === words.length)) return phrase;
  }
  return undefined;
}

/** Records on each phrase the comparison keys of the other names the texts give it. */
export function assignSynonyms(texts: readonly string[], phrases: PhraseIndex): void {
  const byText = new Map([...phrases.byKey.values()].map((phrase) => [comparisonKeyOf(phrase.display), phrase]));
  for (const text of texts) {
    for (const link of text.matchAll(NAMED_AGAIN)) {
      const before = text.slice(0, link.index).split(/\s+/).slice(-MAX_NAME_WORDS);
      const after = (text.slice(link.index + link[0].length).split(/[,.;:()]/)[0] ?? '').trim().replace(ARTICLE, '').split(/\s+/);
      const [first, second] = [namedBy(before, byText, true), namedBy(after, byText, false)];
      if (!first || !second || first === second) continue;
      first.synonyms = new Set([...(first.synonyms ?? []), comparisonKeyOf(second.display)]);
      second.synonyms = new Set([...(second.synonyms ?? []), comparisonKeyOf(first.display)]);
    }
  }
}

/** Whether the text names the two phrases as one thing. */
export const areSynonyms = (a: Phrase | undefined, b: Phrase | undefined) =>
  a !== undefined && b !== undefined && (a.synonyms?.has(comparisonKeyOf(b.display)) === true || b.synonyms?.has(comparisonKeyOf(a.display)) === true);
