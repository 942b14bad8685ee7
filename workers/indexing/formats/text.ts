import { readFile } from 'node:fs/promises';
import type { ExtractedContent, OutlineEntry } from '../../../domain/learning-content.ts';
import { ExtractionError } from '../extractor.ts';
import type { FormatParser } from './format-parser.ts';

// Plain text: sections start at Markdown headings (`#`, `##`) or underlined headings; without any,
// the text is one section per group of paragraphs.

const PARAGRAPHS_PER_SECTION = 8;

export const decodeUtf8 = (bytes: Buffer): string => {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw new ExtractionError('the text file is not valid UTF-8; save it as UTF-8 and upload it again');
  }
};

export const firstHeadingLine = (text: string): string | undefined =>
  text
    .split('\n')
    .map((line) => line.replace(/^#+\s*/, '').trim())
    .find((line) => line.length > 0)
    ?.slice(0, 200);

export function textToContent(text: string): ExtractedContent {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const sections: { title?: string; lines: string[] }[] = [];
  let current: { title?: string; lines: string[] } = { lines: [] };
  const push = () => {
    if (current.title || current.lines.some((line) => line.trim())) sections.push(current);
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const markdown = /^(#{1,6})\s+(.+?)\s*#*$/.exec(line);
    const underlined = line.trim() && /^(=+|-+)\s*$/.test(lines[i + 1] ?? '') && (lines[i + 1]?.trim().length ?? 0) >= 3;
    if (markdown || underlined) {
      push();
      current = { title: (markdown ? (markdown[2] as string) : line).trim(), lines: [] };
      if (underlined) i++;
      continue;
    }
    current.lines.push(line);
  }
  push();
  const hasHeadings = sections.some((section) => section.title);
  const outline: OutlineEntry[] = hasHeadings
    ? sections.map((section, index) => ({ kind: 'section', index, ...(section.title ? { title: section.title } : {}), text: section.lines.join('\n').trim() }))
    : groupParagraphs(text);
  return {
    title: sections.find((section) => section.title)?.title ?? firstHeadingLine(text),
    text: text.trim(),
    outline,
  };
}

function groupParagraphs(text: string): OutlineEntry[] {
  const paragraphs = text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
  const outline: OutlineEntry[] = [];
  for (let i = 0; i < paragraphs.length; i += PARAGRAPHS_PER_SECTION) {
    outline.push({ kind: 'section', index: outline.length, text: paragraphs.slice(i, i + PARAGRAPHS_PER_SECTION).join('\n\n') });
  }
  return outline;
}

export const parseText: FormatParser = async (path) => textToContent(decodeUtf8(await readFile(path)));
