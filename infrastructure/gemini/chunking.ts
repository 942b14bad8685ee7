import type { ExtractedContent, OutlineEntry, SourceReference } from '../../domain/learning-content.ts';

// Cuts a source at its own boundaries (pages, slides, sheets, sections, transcript segments) into
// pieces that fit the model's context, estimating about four characters per token. An entry larger
// than a whole piece is cut at paragraphs, then lines, then sentences, then words.

export type Chunk = { entries: OutlineEntry[]; tokens: number };

const CHARS_PER_TOKEN = 4;
export const estimateTokens = (text: string): number => Math.ceil(text.length / CHARS_PER_TOKEN);

/** The outline's non-empty entries, or the whole text as one section when there is no outline. */
function sourceEntries(content: ExtractedContent): OutlineEntry[] {
  const entries = content.outline.filter((entry) => entry.text.trim() !== '');
  if (entries.length > 0) return entries;
  return [{ kind: 'section', index: 0, ...(content.title ? { title: content.title } : {}), text: content.text }];
}

const clock = (seconds: number) => {
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

const isPaged = (entry: OutlineEntry) => entry.kind === 'page' || entry.kind === 'slide';

/** How an entry is named in the prompt and, without a title, in its source references. */
function unitName(entry: OutlineEntry): string {
  const name = `${entry.kind[0]?.toUpperCase()}${entry.kind.slice(1)} ${entry.index + 1}`;
  return entry.kind === 'segment' && entry.start !== undefined ? `${name} (${clock(entry.start)}–${clock(entry.end ?? entry.start)})` : name;
}

function entryLabel(entry: OutlineEntry): string {
  const title = entry.title?.trim();
  return title ? `${unitName(entry)}: ${title}` : unitName(entry);
}

/** Where an item from this entry came from: its page (slides count as pages) or its section. */
export function referenceOf(entry: OutlineEntry): Omit<SourceReference, 'excerpt'> {
  const title = entry.title?.trim();
  if (isPaged(entry)) return { page: entry.index + 1, ...(title ? { section: title } : {}) };
  return { section: title || unitName(entry) };
}

const entryTokens = (entry: OutlineEntry) => estimateTokens(entryLabel(entry)) + estimateTokens(entry.text) + 4;

const SEPARATORS: ReadonlyArray<[RegExp, string]> = [
  [/\n\s*\n/, '\n\n'],
  [/\n/, '\n'],
  [/(?<=[.!?])\s+/, ' '],
  [/\s+/, ' '],
];

function splitText(text: string, maxChars: number, level = 0): string[] {
  if (text.length <= maxChars) return [text];
  const separator = SEPARATORS[level];
  if (!separator) {
    const pieces: string[] = [];
    for (let start = 0; start < text.length; start += maxChars) pieces.push(text.slice(start, start + maxChars));
    return pieces;
  }
  const [pattern, joiner] = separator;
  const parts = text.split(pattern).filter((part) => part.trim() !== '');
  if (parts.length < 2) return splitText(text, maxChars, level + 1);
  const pieces: string[] = [];
  let current = '';
  for (const part of parts.flatMap((part) => splitText(part, maxChars, level + 1))) {
    if (current && current.length + joiner.length + part.length > maxChars) {
      pieces.push(current);
      current = part;
    } else current = current ? `${current}${joiner}${part}` : part;
  }
  if (current) pieces.push(current);
  return pieces;
}

export function chunkContent(content: ExtractedContent, maxTokens: number): Chunk[] {
  const chunks: Chunk[] = [];
  let current: Chunk = { entries: [], tokens: 0 };
  for (const entry of sourceEntries(content)) {
    const overhead = entryTokens({ ...entry, text: '' });
    const pieces = splitText(entry.text, Math.max(1, (maxTokens - overhead) * CHARS_PER_TOKEN));
    for (const text of pieces) {
      const piece = { ...entry, text };
      const tokens = entryTokens(piece);
      if (current.entries.length > 0 && current.tokens + tokens > maxTokens) {
        chunks.push(current);
        current = { entries: [], tokens: 0 };
      }
      current.entries.push(piece);
      current.tokens += tokens;
    }
  }
  if (current.entries.length > 0) chunks.push(current);
  return chunks;
}

/** Text safe inside a quoted attribute of the <source> tag. */
export const asAttribute = (text: string): string => text.replace(/["<>\n]/g, ' ').trim();

/** The source as the model sees it: one block, each entry under a marker naming its page or section. */
export function renderSource(sourceTitle: string, chunk: Chunk, part: { index: number; count: number }): string {
  const where = part.count > 1 ? ` part="${part.index + 1} of ${part.count}"` : '';
  // A document that writes the closing tag itself must not end the block early.
  const body = chunk.entries.map((entry) => `[${entryLabel(entry)}]\n${entry.text.replaceAll('</source>', '</ source>')}`).join('\n\n');
  return `<source title="${asAttribute(sourceTitle)}"${where}>\n${body}\n</source>`;
}

/** Splits `total` over parts in proportion to their weights (largest remainder; the parts sum to `total`). */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((weight) => (sum > 0 ? (total * weight) / sum : total / weights.length));
  const shares = exact.map(Math.floor);
  const byRemainder = exact.map((value, index) => ({ index, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest);
  let left = total - shares.reduce((a, b) => a + b, 0);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}
