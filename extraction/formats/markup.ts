import { readFile } from 'node:fs/promises';
import { marked } from 'marked';
import type { FormatParser } from './format-parser.ts';
import { htmlContent } from './html-sections.ts';
import { decodeUtf8 } from './text.ts';

// HTML files and Markdown, read as the documents they render to: headings make sections, code
// blocks, lists, tables and definition lists stay labelled. Markdown renders to HTML first (marked);
// raw HTML inside it passes through and is read like any other, scripts left out.

export const parseHtml: FormatParser = async (path, { fileName }) => htmlContent(decodeUtf8(await readFile(path)), null, fileName);

export const parseMarkdown: FormatParser = async (path, { fileName }) => {
  const html = await marked.parse(decodeUtf8(await readFile(path)).replace(/^\uFEFF/, ''), { async: true, gfm: true });
  return htmlContent(`<!DOCTYPE html><html><body>${html}</body></html>`, null, fileName);
};
