import type { OutlineEntry, SourceReference } from '../../domain/learning-content.ts';
import { referenceOf } from './chunking.ts';

// A model's citation is checked against the text it was given: the excerpt must be a quote from the
// source (ignoring case, punctuation and "…" gaps). The page or section is then taken from where the
// quote was found, not from what the model claimed. A close paraphrase of one sentence is replaced by
// that sentence; anything else is reported, so the item is rejected and the model asked again.

export type Citation = { page?: number | undefined; section?: string | undefined; excerpt: string };
export type Grounded = { source: SourceReference } | { problem: string };

const EXCERPT_CHARS = 200;
const PARAPHRASE_SIMILARITY = 0.6;

const words = (text: string): string[] =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

const shorten = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= EXCERPT_CHARS) return flat;
  const cut = flat.lastIndexOf(' ', EXCERPT_CHARS - 1);
  return `${flat.slice(0, cut > EXCERPT_CHARS / 2 ? cut : EXCERPT_CHARS - 1)}…`;
};

type Sentence = { text: string; words: Set<string> };
type Indexed = { entry: OutlineEntry; haystack: string; sentences: Sentence[] };

function dice(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  return a.size + b.size === 0 ? 0 : (2 * shared) / (a.size + b.size);
}

export function createGrounder(entries: readonly OutlineEntry[]): (citation: Citation) => Grounded {
  const indexed: Indexed[] = entries.map((entry) => ({
    entry,
    haystack: ` ${words(entry.text).join(' ')} `,
    sentences: entry.text
      .split(/(?<=[.!?…])\s+|\n+/)
      .map((text) => text.trim())
      .filter((text) => text.length > 0)
      .map((text) => ({ text, words: new Set(words(text)) })),
  }));

  const cites = (citation: Citation, entry: OutlineEntry) => {
    const reference = referenceOf(entry);
    if (citation.page !== undefined) return reference.page === citation.page;
    const section = citation.section?.trim().toLowerCase();
    return !!section && (reference.section?.toLowerCase() === section || entry.title?.trim().toLowerCase() === section);
  };

  return (citation) => {
    const fragments = citation.excerpt
      .split(/\.{3}|…|\[\s*\.\.\.\s*\]/)
      .map(words)
      .filter((fragment) => fragment.length > 0);
    if (fragments.length === 0) return { problem: 'its source excerpt is empty' };
    // The cited page or section is searched first, so a sentence repeated elsewhere keeps its citation.
    const ordered = [...indexed.filter((item) => cites(citation, item.entry)), ...indexed.filter((item) => !cites(citation, item.entry))];

    const verbatim = ordered.find((item) => fragments.every((fragment) => item.haystack.includes(` ${fragment.join(' ')} `)));
    if (verbatim) return { source: { ...referenceOf(verbatim.entry), excerpt: shorten(citation.excerpt) } };

    const quoted = new Set(fragments.flat());
    let best: { item: Indexed; sentence: Sentence; score: number } | undefined;
    for (const item of ordered) {
      for (const sentence of item.sentences) {
        const score = dice(quoted, sentence.words);
        if (!best || score > best.score) best = { item, sentence, score };
      }
    }
    if (best && best.score >= PARAPHRASE_SIMILARITY) return { source: { ...referenceOf(best.item.entry), excerpt: shorten(best.sentence.text) } };
    return { problem: `its excerpt "${shorten(citation.excerpt).slice(0, 80)}" is not a quote from the source` };
  };
}
