import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import type { ExtractedContent, OutlineEntry } from '../domain/learning-content.ts';
import { safeFetch } from '../infrastructure/web/safe-fetch.ts';
import { ExtractionError } from './extractor.ts';
import { C_API_NOTES, htmlContent, NEGATED_OPTION, referenceEntriesAsHeadings, SAYS_NOT_TO } from './formats/html-sections.ts';
import { textToContent } from './formats/text.ts';
import { asExtractionError, type WebOptions } from './web-errors.ts';

// A web page's readable text: Mozilla Readability picks the article out of linkedom's DOM, and its
// h1–h3 headings become the outline's sections. Plain-text URLs are read as text; anything else (a
// PDF, an image) is refused with a hint to upload the file.

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

// Elements that start a new line of text; everything else flows inline into the current line.
const BLOCKS = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'BLOCKQUOTE',
  'CAPTION',
  'DD',
  'DETAILS',
  'DIV',
  'DL',
  'DT',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'FORM',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'HR',
  'LI',
  'MAIN',
  'NAV',
  'OL',
  'P',
  'SECTION',
  'SUMMARY',
  'TABLE',
  'TBODY',
  'TFOOT',
  'THEAD',
  'TR',
  'UL',
]);
const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG']);

// The little of the DOM this module walks (the project's TypeScript has no DOM library).
type DomNode = { nodeType: number; textContent: string | null; childNodes: Iterable<DomNode>; tagName?: string; previousElementSibling?: unknown };

/** Encoding per the HTML rules, in order: byte order mark, Content-Type charset, <meta> charset, UTF-8. */
export function decodeHtml(body: Buffer, contentType: string): string {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return new TextDecoder('utf-8').decode(body);
  if (body[0] === 0xfe && body[1] === 0xff) return new TextDecoder('utf-16be').decode(body);
  if (body[0] === 0xff && body[1] === 0xfe) return new TextDecoder('utf-16le').decode(body);
  const declared = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType)?.[1];
  // A <meta> that claims UTF-16 was itself read as ASCII, so it cannot be right: the HTML standard says UTF-8.
  const meta = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(body.subarray(0, 1024).toString('latin1'))?.[1]?.replace(/^utf-16.*$/i, 'utf-8');
  for (const label of [declared, meta]) {
    if (!label) continue;
    try {
      return new TextDecoder(label).decode(body);
    } catch {
      // An unknown label: try the next source of the encoding.
    }
  }
  return new TextDecoder('utf-8').decode(body);
}

type Section = { title?: string; heading: boolean; lines: string[] };
const PERMALINK_MARK = /\s*[¶§🔗]+\s*$/u;

/** The readable content in document order: a section per h1–h3, a line per block, list items marked. */
function sectionsOf(root: DomNode, firstTitle: string): Section[] {
  const sections: Section[] = [{ title: firstTitle, heading: false, lines: [] }];
  let line = '';
  let prefix = '';
  /**
   * A glossary's term (<dt>) waiting for its definition: "Term: definition" on one line, as a file's
   * glossary reads, so that the term is read as the one defined and not as a heading over it.
   */
  let term = '';
  /**
   * "--no-commit" named after "--commit" over one description: the negation, left out as the file extractor
   * leaves it (the description is the option's, which the negation only undoes), unless the description says
   * what not to do ("Do not keep commits…", the negation's).
   */
  let negation = '';
  /** Inside a table's cell: its paragraphs stay on the row's line ("Option | Meaning"), one row a line. */
  let inCell = 0;
  const lines = () => (sections.at(-1) as Section).lines;
  /** A term without a definition, or one whose definition opens with a list or code, stands on its own line. */
  const endTerm = () => {
    if (term) lines().push(term);
    term = '';
    negation = '';
  };
  const endLine = () => {
    const text = line.replace(/\s+/g, ' ').trim();
    line = '';
    if (!text) return;
    if (prefix) endTerm();
    const defined = negation && SAYS_NOT_TO.test(text) ? negation : term;
    lines().push(defined ? `${defined}: ${text}` : prefix + text);
    prefix = '';
    term = '';
    negation = '';
  };
  const visit = (node: DomNode) => {
    if (node.nodeType === 3) {
      line += node.textContent ?? '';
      return;
    }
    if (node.nodeType !== 1) return;
    const tag = (node.tagName ?? '').toUpperCase();
    if (SKIPPED.has(tag)) return;
    if (/^H[1-3]$/.test(tag)) {
      endLine();
      endTerm();
      // The "¶" a documentation generator links every heading with is no part of its title.
      const title = (node.textContent ?? '').replace(/\s+/g, ' ').replace(PERMALINK_MARK, '').trim();
      if (title) sections.push({ title, heading: true, lines: [] });
      return;
    }
    if (tag === 'BR') return endLine();
    if (tag === 'PRE') {
      endLine();
      endTerm();
      const code = (node.textContent ?? '').split('\n').map((text) => text.trimEnd());
      lines().push(...code.filter((text, index) => text || (index > 0 && index < code.length - 1)));
      return;
    }
    if (tag === 'DT') {
      endLine();
      const before = term;
      term = '';
      for (const child of node.childNodes) visit(child);
      const name = line.replace(/\s+/g, ' ').trim();
      line = '';
      if (before && NEGATED_OPTION.test(name) !== NEGATED_OPTION.test(before)) {
        // An option and its negation over one description, in either order.
        term = NEGATED_OPTION.test(name) ? before : name;
        negation = NEGATED_OPTION.test(name) ? name : before;
        return;
      }
      if (before) lines().push(before);
      negation = '';
      term = name;
      return;
    }
    const cell = tag === 'TD' || tag === 'TH';
    const block = BLOCKS.has(tag) && inCell === 0;
    if (block) endLine();
    if (tag === 'LI') prefix = '- ';
    const minorHeading = /^H[4-6]$/.test(tag);
    if (cell && node.previousElementSibling) line += ' | ';
    // A cell's paragraphs are one cell's text, set apart by a space.
    if (BLOCKS.has(tag) && inCell > 0 && line && !line.endsWith(' ')) line += ' ';
    if (cell) inCell += 1;
    for (const child of node.childNodes) visit(child);
    if (cell) inCell -= 1;
    // A minor heading stays a line of its section's text, without its permalink's "¶" all the same.
    if (minorHeading) line = line.replace(PERMALINK_MARK, '');
    if (block) endLine();
  };
  visit(root);
  endLine();
  endTerm();
  // A heading without text of its own heads the subsections after it ("Directory and files operations").
  return sections.filter((section) => section.lines.length > 0 || section.heading);
}

const MIN_ARTICLE_CHARS = 100;
/** The share of a page's own text (not its links) an article must hold for Readability's choice to stand. */
const ARTICLE_SHARE = 0.8;
/** A list or block this much made of links is a menu or a table of contents. */
const LINK_DENSITY = 0.5;

type Element = DomNode & { remove(): void; innerHTML: string; querySelectorAll(selector: string): Iterable<Element> };
type Page = { body?: Element | null; querySelectorAll(selector: string): Iterable<Element> };

const compactLength = (text: string) => text.replace(/\s+/g, ' ').trim().length;
const textLength = (node: DomNode) => compactLength(node.textContent ?? '');
const linkLength = (node: Element) => [...node.querySelectorAll('a')].reduce((sum, link) => sum + textLength(link), 0);

/** The page's own text: what is not in a link (menus, tables of contents, "Prev"/"Next"). */
function ownTextLength(page: Page): number {
  for (const node of page.querySelectorAll('script, style, noscript, template')) node.remove();
  return page.body ? textLength(page.body) - linkLength(page.body) : 0;
}

/**
 * The page's body without its menus: navigation, headers, footers and lists made mostly of links. What
 * is read when Readability's article leaves out much of the page's own text: its scoring drops boxes
 * classed "sidebar" (the Debian handbook's VOCABULARY and CULTURE notes, even after it retries without
 * that rule), and on a page whose longest block is an example file it takes the example alone.
 */
function pageWithoutMenus(page: Page): string {
  for (const node of page.querySelectorAll('nav, header, footer, [role="navigation"]')) node.remove();
  for (const node of page.querySelectorAll('ul, ol, dl, table')) {
    const length = textLength(node);
    if (length > 0 && linkLength(node) >= LINK_DENSITY * length) node.remove();
  }
  return page.body?.innerHTML ?? '';
}

/** The page as a DOM whose reference entries (a Sphinx API page's functions and classes) are headings. */
function pageWithEntries(page: string) {
  const { document } = parseHTML(page);
  referenceEntriesAsHeadings(document.body);
  // Marked only by the class Readability strips, they would read as what a C function does.
  for (const note of document.body.querySelectorAll(C_API_NOTES)) note.remove();
  for (const phrase of document.body.querySelectorAll(INLINE_PHRASES)) phrase.removeAttribute('class');
  return document;
}

/**
 * "(such as <em class="mailheader">Content-Type</em>)": words of a sentence marked up inline, whose class
 * Readability would take for page chrome ("header") and drop with the words; inline, they are never chrome.
 */
const INLINE_PHRASES = 'em, strong, b, i, code, kbd, samp, var, tt, cite, dfn, abbr, span';

const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
const XHTML = /^\s*<\?xml\s|<html[^>]*\sxmlns=["']http:\/\/www\.w3\.org\/1999\/xhtml["']/i;
/**
 * An XHTML page (DocBook's "<h2><a id="…"/>4.1. Normal Unix authentication</h2>") closes empty elements
 * with "/>", which an HTML parser reads as an opening tag: the anchor then swallows the rest of the page,
 * and Readability drops every heading as a link. Written out as opening and closing tags, they are read
 * as the XHTML means them.
 */
function closedEmptyElements(html: string): string {
  if (!XHTML.test(html.slice(0, 2048))) return html;
  return html.replace(/<([a-zA-Z][\w:-]*)(\s[^<>]*?)?\s*\/>/g, (tag, name: string, attributes = '') =>
    VOID_ELEMENTS.has(name.toLowerCase()) ? tag : `<${name}${attributes}></${name}>`,
  );
}

/**
 * "email.charset: Representing character sets — Python 3.11.2 documentation": Readability keeps the part of
 * a title after its colon ("Representing character sets"), which loses the name the page is about.
 */
function withNamePrefix(articleTitle: string | undefined, pageTitle: string | undefined): string | undefined {
  const head = (title: string | undefined) => title?.split(/\s[—–|]\s/)[0]?.trim();
  const [page, article] = [head(pageTitle), head(articleTitle)];
  return articleTitle && article && page?.endsWith(`: ${article}`) ? `${page}${articleTitle.trim().slice(article.length)}` : articleTitle;
}

export function htmlToContent(html: string, url: string): ExtractedContent {
  const xhtml = closedEmptyElements(html);
  const page = /<html[\s>]/i.test(xhtml) ? xhtml : `<!DOCTYPE html><html><head></head><body>${xhtml}</body></html>`;
  const document = pageWithEntries(page);
  const pageTitle = document.querySelector('title')?.textContent?.replace(/\s+/g, ' ').trim();
  // Measured on the page Readability then reads: both drop scripts and styles, and nothing else is touched.
  const own = ownTextLength(document as unknown as Page);
  const article = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0], { charThreshold: MIN_ARTICLE_CHARS }).parse();
  const noText = () =>
    new ExtractionError('no readable text was found on the page (a page that builds its text with JavaScript cannot be read; upload it as a file instead)');
  const short = !article?.content || compactLength(article.textContent ?? '') < ARTICLE_SHARE * own;
  const content = short ? pageWithoutMenus(pageWithEntries(page) as unknown as Page) : (article?.content ?? '');
  if (!content.trim()) throw noText();
  const title = withNamePrefix(article?.title?.replace(/\s+/g, ' ').trim(), pageTitle) || pageTitle || new URL(url).hostname;
  const { document: readable } = parseHTML(`<!DOCTYPE html><html><body>${content}</body></html>`);
  // Text before the first heading belongs to the page's title (Readability drops a heading that repeats it).
  const sections = sectionsOf(readable.body as DomNode, title);
  if (sections.length === 0) throw noText();
  const outline: OutlineEntry[] = sections.map((section, index) => ({
    kind: 'section',
    index,
    ...(section.title ? { title: section.title } : {}),
    text: section.lines.join('\n'),
  }));
  const text = sections.map((section) => (section.heading ? `${section.title}\n` : '') + section.lines.join('\n')).join('\n\n');
  // The article's blocks labelled from its DOM (code, definitions, lists...), so generators know what each stretch is.
  const { blocks, emphasis } = htmlContent(`<!DOCTYPE html><html><body>${content}</body></html>`, title, undefined);
  return { title, text, outline, ...(blocks ? { blocks } : {}), ...(emphasis ? { emphasis } : {}) };
}

/** 'html', 'text', or the media type of something that is not a page. */
function kindOf(contentType: string, body: Buffer): string {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (HTML_TYPES.has(type)) return 'html';
  if (type === 'text/plain') return 'text';
  if (type) return type;
  // No declared type: markup is read as HTML, text without NUL bytes as text, anything else refused.
  const head = body.subarray(0, 1024);
  if (head.includes(0)) return 'application/octet-stream';
  return /^\s*</.test(head.toString('latin1')) ? 'html' : 'text';
}

export async function extractWebpage(url: string, options: WebOptions): Promise<ExtractedContent> {
  let response;
  try {
    response = await safeFetch(url, { ...options, accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.1' });
  } catch (error) {
    throw asExtractionError(error);
  }
  const kind = kindOf(response.contentType, response.body);
  if (kind === 'html') return htmlToContent(decodeHtml(response.body, response.contentType), response.finalUrl);
  if (kind === 'text') {
    const content = textToContent(decodeHtml(response.body, response.contentType));
    if (!content.text) throw new ExtractionError('the page is empty');
    return { ...content, title: content.title ?? new URL(response.finalUrl).hostname };
  }
  throw new ExtractionError(`the URL is not a web page (its content type is ${kind}); upload the file instead`);
}
