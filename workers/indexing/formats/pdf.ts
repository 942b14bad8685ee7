import { spawn } from 'node:child_process';
import type { OutlineEntry } from '../../../domain/learning-content.ts';
import { ExtractionError } from '../extractor.ts';
import type { FormatParser } from './format-parser.ts';
import { titleFromText } from './text.ts';

// PDF through poppler: `pdfinfo` for the title and page count, one `pdftotext` run for the text of
// every page (it ends each page with a form feed). Poppler reads ~1,000 pages/s in ~10 MB even on a
// flate bomb, where pdf.js reached 2 GB (FIELD-NOTES). Both tools run in the sandboxed parser's
// process group, so its timeout and memory watch cover them.

type ToolOutput = { code: number | null; stdout: Buffer; stderr: string };

const POPPLER_MISSING = 'reading PDF files needs poppler-utils (pdftotext and pdfinfo), which is not installed on the server';

function runPoppler(tool: 'pdfinfo' | 'pdftotext', args: string[]): Promise<ToolOutput> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 64 * 1024) stderr += chunk.toString();
    });
    child.on('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT' ? new ExtractionError(POPPLER_MISSING) : error));
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
  title && !/^(untitled|document|title)$/i.test(title) && !/\.(docx?|odt|rtf|txt|pptx?|xlsx?|pdf|html?|tex|indd)$/i.test(title) && !/^microsoft (word|powerpoint) - /i.test(title)
    ? title
    : undefined;

export const parsePdf: FormatParser = async (path) => {
  const [info, text] = await Promise.all([runPoppler('pdfinfo', ['-enc', 'UTF-8', path]), runPoppler('pdftotext', ['-enc', 'UTF-8', '-eol', 'unix', path, '-'])]);
  if (info.code !== 0) throw failure(info);
  if (text.code !== 0) throw failure(text);
  const metadata = info.stdout.toString('utf8');
  const pageCount = Number(/^Pages:\s*(\d+)/m.exec(metadata)?.[1] ?? 0);
  const pages = new TextDecoder('utf-8').decode(text.stdout).split('\f');
  // pdftotext ends every page with a form feed, leaving an empty piece after the last one.
  if (pages.length === pageCount + 1 && pages.at(-1) === '') pages.pop();
  const outline: OutlineEntry[] = pages.map((page, index) => ({ kind: 'page', index, text: page.trim() }));
  const fullText = outline
    .map((entry) => entry.text)
    .filter(Boolean)
    .join('\n\n');
  if (!fullText) {
    throw new ExtractionError(
      'no text could be extracted: the PDF has no text layer (a scanned document?); upload its pages as PNG or JPEG images to have them read by OCR',
    );
  }
  const title = meaningfulTitle(/^Title:[ \t]*(.*\S)/m.exec(metadata)?.[1]) ?? titleFromText(fullText);
  return { ...(title ? { title } : {}), text: fullText, outline };
};
