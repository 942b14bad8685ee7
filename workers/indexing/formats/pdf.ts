import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ExtractionError } from '../extractor.ts';
import { runTool, ToolMissingError } from '../run-tool.ts';
import type { FormatParser } from './format-parser.ts';
import { firstHeadingLine } from './text.ts';

// PDF through poppler's pdftotext (about 1,000 pages/s with a small, bounded memory footprint):
// one outline entry per page, split at the form feeds pdftotext writes between pages.

const TOOL_TIMEOUT_MS = 120_000;

export const parsePdf: FormatParser = async (path, { workDir }) => {
  const output = join(workDir, 'text.txt');
  let info;
  try {
    info = await runTool('pdfinfo', ['-enc', 'UTF-8', path], { timeoutMs: TOOL_TIMEOUT_MS });
    if (info.code === 0) {
      const text = await runTool('pdftotext', ['-enc', 'UTF-8', '-eol', 'unix', path, output], { timeoutMs: TOOL_TIMEOUT_MS });
      if (text.code !== 0) throw describeFailure(text.stderr);
    }
  } catch (error) {
    if (error instanceof ToolMissingError) throw new ExtractionError('reading PDF files needs poppler-utils (pdftotext), which is not installed on the server');
    throw error;
  }
  if (info.code !== 0) throw describeFailure(info.stderr);
  const pages = (await readFile(output, 'utf8')).split('\f');
  if (pages.length > 1 && pages.at(-1)?.trim() === '') pages.pop();
  const metadataTitle = /^Title:\s*(.+)$/m.exec(info.stdout)?.[1]?.trim();
  const text = pages.map((page) => page.trim()).join('\n\n');
  return {
    title: metadataTitle || firstHeadingLine(text),
    text,
    outline: pages.map((page, index) => ({ kind: 'page' as const, index, text: page.trim() })),
  };
};

const describeFailure = (stderr: string) =>
  /password|encrypt/i.test(stderr)
    ? new ExtractionError('the PDF is password-protected; upload it without a password')
    : new ExtractionError('the PDF is damaged or truncated and cannot be read');
