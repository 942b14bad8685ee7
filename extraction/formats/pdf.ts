import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { ContentBlock, OutlineEntry } from '../../domain/learning-content.ts';
import { ExtractionError } from '../extractor.ts';
import { createOcrEngine, type OcrEngine } from '../ocr.ts';
import { runTool } from '../run-tool.ts';
import { onPath } from '../tool-path.ts';
import { pdfTitle, readPages, renderPage, withPdf } from './pdf-js.ts';
import type { FormatParser } from './format-parser.ts';
import { pagesAsText, runningTitle } from './page-text.ts';
import { titleFromText } from './text.ts';

// PDF through poppler when it is installed: `pdfinfo` for the title and page count, one `pdftotext`
// run for the text of every page (it ends each page with a form feed). Poppler reads ~1,000 pages/s
// in ~10 MB even on a flate bomb (FIELD-NOTES); both tools run in the sandboxed parser's process
// group, so its timeout and memory watch cover them. Without poppler, pdf.js (pdf-js.ts) reads it.

type ToolOutput = { code: number | null; stdout: Buffer; stderr: string };

function runPoppler(tool: 'pdfinfo' | 'pdftotext', args: string[]): Promise<ToolOutput> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 64 * 1024) stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(stdout), stderr }));
  });
}

function failure(output: ToolOutput): ExtractionError {
  if (/incorrect password|encrypted/i.test(output.stderr)) {
    return new ExtractionError('the PDF is password-protected; remove the password and upload it again');
  }
  return new ExtractionError('the PDF is damaged or truncated and cannot be read');
}

// Producers often fill Title with a file name or a placeholder; those are not titles.
const meaningfulTitle = (title: string | undefined) =>
  title &&
  !/^(untitled|document|title)$/i.test(title) &&
  !/\.(docx?|odt|rtf|txt|pptx?|xlsx?|pdf|html?|tex|indd)$/i.test(title) &&
  !/^microsoft (word|powerpoint) - /i.test(title)
    ? title
    : undefined;

type PdfPages = { title?: string | undefined; pages: Array<{ text: string; blocks?: ContentBlock[] }> };

async function readWithPoppler(path: string): Promise<PdfPages> {
  const [info, text] = await Promise.all([
    runPoppler('pdfinfo', ['-enc', 'UTF-8', path]),
    runPoppler('pdftotext', ['-enc', 'UTF-8', '-eol', 'unix', path, '-']),
  ]);
  if (info.code !== 0) throw failure(info);
  if (text.code !== 0) throw failure(text);
  const metadata = info.stdout.toString('utf8');
  const pageCount = Number(/^Pages:\s*(\d+)/m.exec(metadata)?.[1] ?? 0);
  const pages = new TextDecoder('utf-8').decode(text.stdout).split('\f');
  // pdftotext ends every page with a form feed, leaving an empty piece after the last one.
  if (pages.length === pageCount + 1 && pages.at(-1) === '') pages.pop();
  return { title: /^Title:[ \t]*(.*\S)/m.exec(metadata)?.[1], pages: pages.map((page) => ({ text: page })) };
}

const readWithPdfJs = (path: string): Promise<PdfPages> => withPdf(path, async (doc) => ({ title: await pdfTitle(doc), pages: await readPages(doc) }));

/** How many pages without a text layer one PDF may have read by text recognition (PDF_OCR_MAX_PAGES). */
const ocrPageLimit = () => Number(process.env['PDF_OCR_MAX_PAGES'] ?? '') || DEFAULT_OCR_PAGES;
const DEFAULT_OCR_PAGES = 20;

let engine: OcrEngine | null = null;

/** Page images for text recognition: poppler's pdftoppm when installed, else pdf.js drawing on a canvas. */
async function pageImages(path: string, numbers: number[], dir: string): Promise<string[]> {
  if (onPath('pdftoppm')) {
    const images: string[] = [];
    for (const number of numbers) {
      const prefix = join(dir, `page-${number}`);
      const run = await runTool('pdftoppm', ['-r', '200', '-gray', '-f', String(number), '-l', String(number), '-singlefile', '-png', path, prefix], {
        timeoutMs: 60_000,
      });
      if (run.code !== 0) throw new ExtractionError('the PDF is damaged or truncated and cannot be read');
      images.push(`${prefix}.png`);
    }
    return images;
  }
  return withPdf(path, async (doc) => {
    const images: string[] = [];
    for (const number of numbers) images.push(await renderPage(doc, number, dir));
    return images;
  });
}

/**
 * A scanned document (or scanned pages in one) has pages without a text layer: they are rendered and
 * read by the same text recognition as uploaded images, up to the page limit.
 */
async function recognizeScannedPages(path: string, read: PdfPages, workDir: string): Promise<Set<number>> {
  const textless = read.pages.flatMap((page, index) => (page.text.trim() ? [] : [index]));
  if (textless.length === 0) return new Set();
  const limit = ocrPageLimit();
  const scannedOnly = textless.length === read.pages.length;
  if (scannedOnly && textless.length > limit) {
    throw new ExtractionError(
      `the PDF has ${textless.length} pages without a text layer (scanned); at most ${limit} are read by text recognition (PDF_OCR_MAX_PAGES): split it, or upload a PDF with a text layer`,
    );
  }
  const chosen = textless.slice(0, limit);
  const images = await pageImages(
    path,
    chosen.map((index) => index + 1),
    workDir,
  );
  engine ??= createOcrEngine();
  const recognized = new Set<number>();
  for (const [i, index] of chosen.entries()) {
    const text = (await engine.recognize(images[i] as string)).trim();
    if (!text) continue;
    read.pages[index] = { text, blocks: [{ kind: 'prose', text, page: index + 1 }] };
    recognized.add(index);
  }
  return recognized;
}

// poppler when installed (about six times faster, ~10 MB even on a flate bomb), pdf.js otherwise:
// both give pages, a title and word counts in the same shape.
export const parsePdf: FormatParser = async (path, { workDir }) => {
  const read = onPath('pdftotext') && onPath('pdfinfo') ? await readWithPoppler(path) : await readWithPdfJs(path);
  const printedTitle = runningTitle(read.pages.map((page) => page.text));
  const texts = pagesAsText(read.pages.map((page) => page.text));
  read.pages = read.pages.map((page, index) => ({ ...page, text: texts[index] ?? '' }));
  const recognized = await recognizeScannedPages(path, read, workDir);
  const outline: OutlineEntry[] = read.pages.map((page, index) => ({
    kind: 'page',
    index,
    text: page.text.trim(),
    ...(recognized.has(index) ? { ocr: true } : {}),
  }));
  const fullText = outline
    .map((entry) => entry.text)
    .filter(Boolean)
    .join('\n\n');
  if (!fullText) throw new ExtractionError('no text could be extracted: the PDF has no text layer, and text recognition found no text on its pages');
  const title = meaningfulTitle(read.title) ?? printedTitle ?? titleFromText(fullText);
  const blocks = read.pages.flatMap((page) => page.blocks ?? []);
  return { ...(title ? { title } : {}), text: fullText, outline, ...(blocks.length > 0 ? { blocks } : {}) };
};
