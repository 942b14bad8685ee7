import type { Definition } from './definitions.ts';
import type { PhraseIndex } from './key-phrases.ts';
import { parseText } from './nlp.ts';

// What the document says its terms are kinds of: "An R list is an object…" makes a list a kind of
// object, "A data frame is a list…" a data frame a kind of list and so of object. A quiz that asks
// for one of them must not offer another as wrong: "every _____ named in expr" (object) is filled
// as well by a list or a data frame.

const LEADING = new Set(['DET', 'ADJ', 'ADV', 'NUM', 'PROPN', 'PUNCT', 'CCONJ']);
const MAX_CHAIN = 4;

/**
 * The noun a definition opens with: "An object consisting of…" → object, "The default development
 * branch" → branch (the compound's head). None where that noun is the subject of a sentence ("A working
 * tree is clean, if…" says what a tree is like, not that the term is one).
 */
export function genusOf(text: string): string | undefined {
  const tokens = parseText(text)[0]?.tokens ?? [];
  for (const [index, token] of tokens.entries()) {
    if (token.pos === 'NOUN') {
      let head = index;
      while (tokens[head + 1]?.pos === 'NOUN') head += 1;
      return tokens[head + 1]?.pos === 'AUX' ? undefined : tokens[head]?.lemma;
    }
    if (!LEADING.has(token.pos)) return undefined;
  }
  return undefined;
}

/** Sets each defined phrase's kinds: its genus, the genus of that, and so on. */
export function assignKinds(phrases: PhraseIndex, definitions: readonly Definition[]): void {
  const genusByHead = new Map<string, string>();
  const genusByKey = new Map<string, string>();
  for (const definition of definitions) {
    const { genus } = definition;
    const head = definition.key.split(' ').at(-1);
    if (!genus || !head || genus === head) continue;
    genusByKey.set(definition.key, genus);
    if (!genusByHead.has(head)) genusByHead.set(head, genus);
  }
  for (const [key, genus] of genusByKey) {
    const phrase = phrases.byKey.get(key);
    if (!phrase) continue;
    const kinds = new Set<string>();
    for (let next: string | undefined = genus; next && !kinds.has(next) && kinds.size < MAX_CHAIN; next = genusByHead.get(next)) kinds.add(next);
    phrase.kinds = kinds;
  }
}
