import { readFile } from 'node:fs/promises';
import { marked } from 'marked';
import type { FormatParser } from './format-parser.ts';
import { htmlContent } from './html-sections.ts';
import { decodeUtf8 } from './text.ts';

// HTML files and Markdown, read as the documents they render to: headings make sections, code
// blocks, lists, tables and definition lists stay labelled. Markdown renders to HTML first (marked);
// raw HTML inside it passes through and is read like any other, scripts left out.

export const parseHtml: FormatParser = async (path, { fileName }) => htmlContent(decodeUtf8(await readFile(path)), null, fileName);

/** YAML front matter of a static-site page ("---\ntitle: …\nlayout: default\n---"): metadata, not text. */
const FRONT_MATTER = /^---\r?\n([\s\S]{0,4000}?)\r?\n---[ \t]*(?:\r?\n|$)/;

export const parseMarkdown: FormatParser = async (path, { fileName }) => {
  const source = decodeUtf8(await readFile(path)).replace(/^\uFEFF/, '');
  const frontMatter = FRONT_MATTER.exec(source);
  const title = frontMatter ? /^title:[ \t]*(.+?)[ \t]*$/m.exec(frontMatter[1] ?? '')?.[1]?.replace(/^(["'])(.*)\1$/, '$2') : undefined;
  const html = await marked.parse(frontMatter ? source.slice(frontMatter[0].length) : source, { async: true, gfm: true });
  return htmlContent(`<!DOCTYPE html><html><body>${html}</body></html>`, title ?? null, fileName);
};
