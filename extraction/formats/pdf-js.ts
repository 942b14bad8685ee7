import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ContentBlock } from '../../domain/learning-content.ts';
import { ExtractionError } from '../extractor.ts';
import { inReadingOrder, type PlacedLine } from './pdf-reading-order.ts';

// PDF through pdf.js (Mozilla, Apache-2.0), in JavaScript: the path when poppler is not installed.
// About 200 pages/s against poppler's ~1,250 (FIELD-NOTES), and it runs in the sandboxed parser
// child like every parser, under its memory cap and timeout. pdf.js also tells font sizes and
// whether a font is monospaced, so its lines come labelled: headings (larger type) and code.

type TextItem = { str: string; width: number; height: number; fontName: string; hasEOL: boolean; transform: number[] };
type Line = PlacedLine & { text: string; monospace: boolean };
export type PdfJsPage = { text: string; blocks: ContentBlock[] };
type PdfDocument = {
  numPages: number;
  getMetadata(): Promise<{ info: Record<string, unknown> }>;
  getPage(number: number): Promise<PdfPage>;
};
type PdfPage = {
  getTextContent(): Promise<{ items: Array<TextItem | { type: string }>; styles: Record<string, { fontFamily?: string }> }>;
  getViewport(options: { scale: number }): { width: number; height: number };
  render(options: { canvasContext: unknown; viewport: unknown; canvas?: unknown }): { promise: Promise<void> };
  cleanup(): void;
};

type LoadingTask = { promise: Promise<PdfDocument>; destroy(): Promise<void> };
const loadPdfJs = () => import('pdfjs-dist/legacy/build/pdf.mjs') as unknown as Promise<{ getDocument(options: Record<string, unknown>): LoadingTask }>;

/** Reads the PDF at `path` with pdf.js and hands it to `use`; the document is released afterwards. */
export async function withPdf<T>(path: string, use: (doc: PdfDocument) => Promise<T>): Promise<T> {
  const pdfjs = await loadPdfJs();
  // No eval of font programs and no fonts loaded: text extraction needs neither.
  const task = pdfjs.getDocument({
    data: new Uint8Array(await readFile(path)),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  try {
    return await use(await task.promise.catch((error: unknown) => Promise.reject(unreadable(error))));
  } finally {
    await task.destroy();
  }
}

function unreadable(error: unknown): ExtractionError {
  const name = (error as { name?: string })?.name;
  if (name === 'PasswordException') return new ExtractionError('the PDF is password-protected; remove the password and upload it again');
  return new ExtractionError('the PDF is damaged or truncated and cannot be read', { cause: error });
}

/** The document's Title from its metadata, if it has one. */
export async function pdfTitle(doc: PdfDocument): Promise<string | undefined> {
  const { info } = await doc.getMetadata().catch((): { info: Record<string, unknown> } => ({ info: {} }));
  const title = info['Title'];
  return typeof title === 'string' && title.trim() ? title.trim() : undefined;
}

const isMonospace = (family: string | undefined, fontName: string) => family === 'monospace' || /mono|courier|consol/i.test(fontName);

/** Where an item starts and ends on the page, and its baseline. */
const placeOf = (item: TextItem) => ({ x: item.transform[4] ?? 0, y: item.transform[5] ?? 0, end: (item.transform[4] ?? 0) + item.width });

// pdf.js ends a line where the content stream does (hasEOL), but a printer draws pieces of one visual
// line apart and places text anywhere: a browser prints a page's header ("The Debian Administrator's
// Handbook", "Prev", "Next") after the body and draws a button's label twice. A piece on another
// baseline, left of where the line reached or far right of it (a header's "Prev" and "Next" at the
// page's edges, its title between them) starts a new line; pdf.js itself puts a space between pieces
// a little apart. A piece drawn again on itself is read once.
const BASELINE_TOLERANCE = 0.5;
/** Farther apart than this many times the type size, two pieces on one baseline are two lines. */
const WIDE_GAP = 3;

function linesOf(items: Array<TextItem | { type: string }>, styles: Record<string, { fontFamily?: string }>): Line[] {
  const lines: Line[] = [];
  let text = '';
  let size = 0;
  let monospaced = 0;
  let characters = 0;
  let first: TextItem | undefined;
  let last: TextItem | undefined;
  const end = () => {
    if (text.trim() && first && last) {
      const [start, finish] = [placeOf(first), placeOf(last)];
      lines.push({ text: text.replace(/\s+$/, ''), size, monospace: monospaced > characters / 2, baseline: start.y, left: start.x, right: finish.end });
    }
    text = '';
    size = 0;
    monospaced = 0;
    characters = 0;
    first = undefined;
    last = undefined;
  };
  for (const item of items) {
    if (!('str' in item)) continue;
    if (item.str.trim()) {
      if (last) {
        const [before, here] = [placeOf(last), placeOf(item)];
        if (item.str === last.str && Math.abs(here.x - before.x) < 1 && Math.abs(here.y - before.y) < 1) continue;
        const height = Math.max(item.height, last.height);
        if (Math.abs(here.y - before.y) > height * BASELINE_TOLERANCE || here.x < before.end - height || here.x - before.end > height * WIDE_GAP) end();
      }
      text += item.str;
      first ??= item;
      size = Math.max(size, item.height);
      characters += item.str.length;
      if (isMonospace(styles[item.fontName]?.fontFamily, item.fontName)) monospaced += item.str.length;
      last = item;
    } else if (last) text += item.str;
    if (item.hasEOL) end();
  }
  end();
  return lines;
}

/** Wider than this many times the type size, the space between two lines parts paragraphs. */
const PARAGRAPH_GAP = 2;

/**
 * Two lines of different blocks, as poppler tells them apart with an empty line between: a wide space
 * between them, or no overlap side by side (a search box's "Go" at the right above the page's title).
 */
const partedBlocks = (before: Line, line: Line) =>
  before.baseline - line.baseline > Math.max(before.size, line.size) * PARAGRAPH_GAP || line.left > before.right || line.right < before.left;

/** What comes before line `index` of a page's text: an empty line between two blocks, else a line break. */
const breakBefore = (lines: Line[], index: number) => (index > 0 && partedBlocks(lines[index - 1] as Line, lines[index] as Line) ? '\n\n' : '\n');

/** A page's lines as text. */
const textOf = (lines: Line[]): string => lines.map((line, index) => (index > 0 ? breakBefore(lines, index) : '') + line.text).join('');

/** Lines labelled as the page shows them: larger type than the body is a heading, monospaced type is code. */
function blocksOf(lines: Line[], page: number, bodySize: number): ContentBlock[] {
  const blocks: ContentBlock[] = [];
  for (const [index, line] of lines.entries()) {
    const heading = line.size > bodySize * 1.2 && line.text.length <= 150;
    const kind: ContentBlock['kind'] = heading ? 'heading' : line.monospace ? 'code' : 'prose';
    const last = blocks.at(-1);
    // Joined as the page's text joins them, so that a code block is found in it and left out of the facts.
    if (last && last.kind === kind && kind !== 'heading') {
      last.text += breakBefore(lines, index) + line.text;
      continue;
    }
    blocks.push({ kind, text: line.text, page, ...(heading ? { level: line.size > bodySize * 1.6 ? 1 : 2 } : {}) });
  }
  return blocks;
}

/** The most common type size, weighted by characters: the body text's. */
function bodySizeOf(lines: Line[]): number {
  const weight = new Map<number, number>();
  for (const line of lines) weight.set(Math.round(line.size * 2) / 2, (weight.get(Math.round(line.size * 2) / 2) ?? 0) + line.text.length);
  let best = 0;
  let bestWeight = -1;
  for (const [size, total] of weight) if (total > bestWeight) [best, bestWeight] = [size, total];
  return best;
}

/** Every page's text (lines joined by newlines) with its blocks, reading one page at a time. */
export async function readPages(doc: PdfDocument): Promise<PdfJsPage[]> {
  const perPage: Line[][] = [];
  for (let number = 1; number <= doc.numPages; number++) {
    const page = await doc.getPage(number);
    const { items, styles } = await page.getTextContent();
    perPage.push(inReadingOrder(linesOf(items, styles), page.getViewport({ scale: 1 }).width));
    page.cleanup();
  }
  const bodySize = bodySizeOf(perPage.flat());
  return perPage.map((lines, index) => ({ text: textOf(lines), blocks: blocksOf(lines, index + 1, bodySize) }));
}

/** Renders page `number` (1-based) to a PNG in `dir` for text recognition; 200 dpi, as a scanner would. */
export async function renderPage(doc: PdfDocument, number: number, dir: string): Promise<string> {
  const { createCanvas } = await import('@napi-rs/canvas');
  const page = await doc.getPage(number);
  const viewport = page.getViewport({ scale: 200 / 72 });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  await page.render({ canvasContext: canvas.getContext('2d'), viewport, canvas }).promise;
  const path = join(dir, `page-${number}.png`);
  await writeFile(path, await canvas.encode('png'));
  page.cleanup();
  return path;
}
