import type { ExtractedContent, OutlineEntry } from '../../domain/learning-content.ts';

// Cuts a source at its own boundaries (pages, slides, sections) into pieces that fit the model's
// context, estimating about four characters per token.

export type Chunk = { entries: OutlineEntry[]; tokens: number };

export const estimateTokens = (text: string) => Math.ceil(text.length / 4);

export function chunkContent(content: ExtractedContent, maxTokens: number): Chunk[] {
  const entries: OutlineEntry[] = content.outline.length > 0 ? content.outline : [{ kind: 'section', index: 0, text: content.text }];
  const chunks: Chunk[] = [];
  let current: Chunk = { entries: [], tokens: 0 };
  for (const entry of entries) {
    for (const piece of splitOversize(entry, maxTokens)) {
      const tokens = estimateTokens(piece.text) + 10;
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

/** An entry larger than a whole chunk is cut at paragraph boundaries (or hard, as a last resort). */
function splitOversize(entry: OutlineEntry, maxTokens: number): OutlineEntry[] {
  const maxChars = maxTokens * 4 - 400;
  if (entry.text.length <= maxChars) return [entry];
  const pieces: OutlineEntry[] = [];
  let rest = entry.text;
  while (rest.length > 0) {
    let cut = rest.length <= maxChars ? rest.length : rest.lastIndexOf('\n\n', maxChars);
    if (cut <= 0) cut = Math.min(rest.length, maxChars);
    pieces.push({ ...entry, text: rest.slice(0, cut) });
    rest = rest.slice(cut).trimStart();
  }
  return pieces;
}

const label = (entry: OutlineEntry) => {
  const where = entry.kind === 'page' || entry.kind === 'slide' ? `${entry.kind === 'page' ? 'Page' : 'Slide'} ${entry.index + 1}` : entry.kind === 'segment' ? `Segment at ${Math.round(entry.start ?? 0)} s` : entry.kind === 'sheet' ? `Sheet` : 'Section';
  return entry.title ? `${where}: ${entry.title}` : where;
};

export const renderChunk = (chunk: Chunk): string => chunk.entries.map((entry) => `[${label(entry)}]\n${entry.text}`).join('\n\n');
