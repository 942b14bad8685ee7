import { Worker } from 'node:worker_threads';
import type { ExtractedContent, OutlineEntry } from '../../domain/learning-content.ts';
import { ExtractionError } from '../extractor.ts';
import { convertWithLibreOffice, isLibreOfficeAvailable } from '../libreoffice.ts';
import { parseDocx } from './docx.ts';
import type { FormatParser } from './format-parser.ts';
import { oleTitle } from './ole-properties.ts';
import type { WordText } from './word-extractor-worker.ts';

// Word 97-2003: word-extractor reads text and tables (no heading levels), in a worker thread with a
// timeout and a heap cap because it can loop forever on a malformed file. Sections start at lines
// that stand alone like headings; without any, paragraphs are grouped. When word-extractor fails,
// LibreOffice converts the file to DOCX, which keeps real headings.

const WORKER = new URL('./word-extractor-worker.ts', import.meta.url);
const EXTRACT_TIMEOUT_MS = 15_000;
const WORKER_HEAP_MB = 256;
const PARAGRAPHS_PER_SECTION = 8;
const CHARS_PER_SECTION = 3_000;
const HEADING_MAX_CHARS = 80;

type Block = { text: string; table: boolean };
type Section = { title?: string; blocks: Block[] };

function readWordText(path: string): Promise<WordText> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: { path }, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    const timer = setTimeout(() => {
      reject(new Error(`word-extractor did not finish within ${EXTRACT_TIMEOUT_MS} ms`));
      void worker.terminate();
    }, EXTRACT_TIMEOUT_MS);
    worker.once('message', (text: WordText) => {
      clearTimeout(timer);
      resolve(text);
      void worker.terminate();
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    worker.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`word-extractor stopped with code ${code}`));
    });
  });
}

/** Paragraphs, one per line; table rows (each cell ends with a tab) gathered into one block per table. */
function blocksOf(text: string): Block[] {
  const blocks: Block[] = [];
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (/\t\s*$/.test(line)) {
      const cells = line
        .replace(/\t\s*$/, '')
        .split('\t')
        .map((cell) => cell.replace(/\s+/g, ' ').trim());
      if (!cells.some(Boolean)) continue;
      const last = blocks.at(-1);
      if (last?.table) last.text += `\n${cells.join(' | ')}`;
      else blocks.push({ text: cells.join(' | '), table: true });
    } else {
      const paragraph = line.replace(/\s+/g, ' ').trim();
      if (paragraph) blocks.push({ text: paragraph, table: false });
    }
  }
  return blocks;
}

/** A short, unpunctuated line that starts with a capital or a digit. */
const isShortLine = (block: Block | undefined) =>
  block !== undefined && !block.table && block.text.length <= HEADING_MAX_CHARS && !/[.!?:;,]$/.test(block.text) && /^[\p{Lu}\p{N}]/u.test(block.text);

/** A heading stands alone between longer content; a run of short lines is a list, not headings. */
const isHeading = (blocks: Block[], i: number) => isShortLine(blocks[i]) && i + 1 < blocks.length && !isShortLine(blocks[i + 1]) && !isShortLine(blocks[i - 1]);

function sectionsOf(blocks: Block[]): Section[] {
  const headings = new Set(blocks.flatMap((_, i) => (isHeading(blocks, i) ? [i] : [])));
  const sections: Section[] = [{ blocks: [] }];
  let chars = 0;
  blocks.forEach((block, i) => {
    const current = sections.at(-1) as Section;
    if (headings.has(i)) {
      sections.push({ title: block.text, blocks: [] });
      chars = 0;
    } else if (headings.size === 0 && (current.blocks.length >= PARAGRAPHS_PER_SECTION || chars >= CHARS_PER_SECTION)) {
      sections.push({ blocks: [block] });
      chars = block.text.length;
    } else {
      current.blocks.push(block);
      chars += block.text.length;
    }
  });
  return sections.filter((section) => section.title || section.blocks.length > 0);
}

function contentOf(text: WordText, metadataTitle: string | undefined, fileName: string | undefined): ExtractedContent {
  const sections = sectionsOf([text.body, text.footnotes, text.endnotes, text.textboxes].flatMap(blocksOf));
  const outline: OutlineEntry[] = sections.map((section, index) => ({
    kind: 'section',
    index,
    ...(section.title ? { title: section.title } : {}),
    text: section.blocks.map((block) => block.text).join('\n\n'),
  }));
  const title = metadataTitle ?? sections.find((section) => section.title)?.title ?? fileName?.replace(/\.[^.]+$/, '');
  return {
    ...(title ? { title } : {}),
    text: sections.map((section) => [section.title, ...section.blocks.map((block) => block.text)].filter(Boolean).join('\n\n')).join('\n\n'),
    outline,
  };
}

const viaLibreOffice: FormatParser = async (path, context) => {
  if (!(await isLibreOfficeAvailable())) {
    throw new ExtractionError(
      'the Word 97-2003 document could not be read and may be damaged; LibreOffice, which reads more of these files, is not installed on the server (libreoffice-writer-nogui)',
    );
  }
  return parseDocx(await convertWithLibreOffice(path, 'docx', context.workDir), context);
};

export const parseDoc: FormatParser = async (path, context) => {
  const text = await readWordText(path).catch(() => undefined);
  if (text) {
    const content = contentOf(text, oleTitle(path), context.fileName);
    if (content.text) return content;
  }
  return viaLibreOffice(path, context);
};
