import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import type { ExtractedContent, OutlineEntry } from '../../domain/learning-content.ts';
import { safeFetch } from '../../infrastructure/web/safe-fetch.ts';
import { asExtractionError, type WebOptions } from './web-errors.ts';
import { ExtractionError } from './extractor.ts';
import { textToContent } from './formats/text.ts';

// A web page's readable text (Mozilla Readability on linkedom's DOM) with its headings as sections.


const charsetOf = (contentType: string, head: string) =>
  /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ?? /<meta[^>]+charset=["']?([\w-]+)/i.exec(head)?.[1] ?? 'utf-8';

function decode(body: Buffer, contentType: string): string {
  const label = charsetOf(contentType, body.subarray(0, 2048).toString('latin1'));
  try {
    return new TextDecoder(label).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

export function htmlToContent(html: string, url: string): ExtractedContent {
  const { document } = parseHTML(html);
  const pageTitle = document.querySelector('title')?.textContent?.trim();
  const article = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0], { charThreshold: 100 }).parse();
  if (!article?.content) throw new ExtractionError('no readable text was found on the page');
  const { document: readable } = parseHTML(`<!DOCTYPE html><html><body>${article.content}</body></html>`);
  const outline: OutlineEntry[] = [];
  const title = article.title?.trim() || pageTitle || new URL(url).hostname;
  // Readability drops a heading that repeats the title: the text before the first heading is the title's.
  let current: { title?: string; parts: string[] } = { title, parts: [] };
  const flush = () => {
    const text = current.parts.join('\n').trim();
    if (text) outline.push({ kind: 'section', index: outline.length, ...(current.title ? { title: current.title } : {}), text });
  };
  for (const element of readable.querySelectorAll('h1, h2, h3, p, li, pre, blockquote, td, th, figcaption, dd, dt')) {
    const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (!text) continue;
    if (/^H[1-3]$/.test(element.tagName)) {
      flush();
      current = { title: text, parts: [] };
    } else current.parts.push(element.tagName === 'LI' ? `- ${text}` : text);
  }
  flush();
  const text = (article.textContent ?? '').replace(/[ \t]+/g, ' ').replace(/\n\s*\n+/g, '\n\n').trim();
  if (!text) throw new ExtractionError('no readable text was found on the page');
  return { title, text, outline: outline.length ? outline : [{ kind: 'section', index: 0, text }] };
}

export async function extractWebpage(url: string, options: WebOptions): Promise<ExtractedContent> {
  let response;
  try {
    response = await safeFetch(url, { ...options, accept: 'text/html,application/xhtml+xml,text/plain;q=0.9' });
  } catch (error) {
    throw asExtractionError(error);
  }
  const type = response.contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'text/plain') return textToContent(decode(response.body, response.contentType));
  if (type !== 'text/html' && type !== 'application/xhtml+xml' && type !== '') {
    throw new ExtractionError(`the URL is not a web page (its content type is ${type}); upload the file instead`);
  }
  return htmlToContent(decode(response.body, response.contentType), response.finalUrl);
}
