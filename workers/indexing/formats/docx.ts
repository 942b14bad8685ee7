import { parseHTML } from 'linkedom';
import mammoth from 'mammoth';
import type { OutlineEntry } from '../../../domain/learning-content.ts';
import { ExtractionError } from '../extractor.ts';
import type { FormatParser } from './format-parser.ts';
import { coreTitle, openPackage } from './ooxml-package.ts';

// DOCX through mammoth's HTML, walked with linkedom: a `section` per heading (mammoth finds
// headings by style name, so the "heading 1" of a localised Word counts too), lists as "- item"
// lines indented by level, tables as "cell | cell" rows, footnotes at the end. mammoth ≥ 1.11 reads
// no external or linked file; images are dropped without being read.

type Section = { title?: string; blocks: string[] };
type Element = ReturnType<typeof parseHTML>['document']['body'];
type ChildNode = { nodeType: number; nodeValue: string | null };

const STYLE_MAP = ["p[style-name='Title'] => h1:fresh", "p[style-name='Subtitle'] => h2:fresh"];
const MAX_SPAN = 64;
const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

const damaged = (cause?: unknown) =>
  new ExtractionError('the Word document is damaged or incomplete and cannot be read; open it in Word, save it again and upload the new file', { cause });

const tagOf = (node: Element) => node.tagName.toLowerCase();
const childElements = (node: Element) => Array.from(node.children) as Element[];
const isList = (node: Element) => tagOf(node) === 'ul' || tagOf(node) === 'ol';
const oneLine = (text: string) => text.replace(/\n/g, ' ');

function rawText(node: Element, skip: (child: Element) => boolean): string {
  let text = '';
  for (const child of Array.from(node.childNodes) as ChildNode[]) {
    if (child.nodeType === TEXT_NODE) text += child.nodeValue ?? '';
    else if (child.nodeType === ELEMENT_NODE) {
      const element = child as unknown as Element;
      const tag = tagOf(element);
      if (tag === 'br') text += '\n';
      else if (tag === 'a' && /^#(footnote|endnote|comment)-ref-/.test(element.getAttribute('href') ?? '')) continue;
      else if (!skip(element)) text += (tag === 'p' ? '\n' : '') + rawText(element, skip);
    }
  }
  return text;
}

/** Text of inline content: a <br> or a new paragraph is a line break, footnote back-links ("↑") are left out. */
const inlineText = (node: Element, skip: (child: Element) => boolean = () => false): string =>
  rawText(node, skip)
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');

function listLines(list: Element, depth: number): string[] {
  const lines: string[] = [];
  for (const item of childElements(list).filter((child) => tagOf(child) === 'li')) {
    const own = oneLine(inlineText(item, isList));
    if (own) lines.push(`${'  '.repeat(depth)}- ${own}`);
    for (const nested of childElements(item).filter(isList)) lines.push(...listLines(nested, depth + 1));
  }
  return lines;
}

const rowsOf = (table: Element): Element[] =>
  childElements(table).flatMap((child) =>
    tagOf(child) === 'tr' ? [child] : ['thead', 'tbody', 'tfoot'].includes(tagOf(child)) ? childElements(child).filter((row) => tagOf(row) === 'tr') : [],
  );

type GridCell = { text: string; start: number; span: number };

const cellsOf = (row: Element) => childElements(row).filter((element) => ['td', 'th'].includes(tagOf(element)));
const spanOf = (cell: Element, attribute: string) => Math.min(MAX_SPAN, Math.max(1, Number(cell.getAttribute(attribute)) || 1));

/** Each row's cells placed on the table's grid; where a cell above spans down, the row gets an empty cell. */
function gridRows(table: Element): GridCell[][] {
  const spanningDown = new Map<number, { span: number; rows: number }>();
  return rowsOf(table).map((row) => {
    const cells: GridCell[] = [];
    let column = 0;
    const skipCovered = () => {
      for (let above = spanningDown.get(column); above; above = spanningDown.get(column)) {
        if (--above.rows === 0) spanningDown.delete(column);
        cells.push({ text: '', start: column, span: above.span });
        column += above.span;
      }
    };
    for (const cell of cellsOf(row)) {
      skipCovered();
      const span = spanOf(cell, 'colspan');
      const rows = spanOf(cell, 'rowspan');
      if (rows > 1) spanningDown.set(column, { span, rows: rows - 1 });
      cells.push({ text: oneLine(inlineText(cell)), start: column, span });
      column += span;
    }
    skipCovered();
    return cells;
  });
}

/**
 * Rows as "cell | cell", a merged cell followed by empty ones so that every row keeps its columns.
 * Grid columns that no cell has to itself (slivers left by editing, or by conversion from DOC) are
 * folded into their neighbours, so they add no empty column.
 */
function tableLines(table: Element): string[] {
  const rows = gridRows(table);
  const cells = rows.flat();
  const covers = (cell: GridCell, column: number) => column >= cell.start && column < cell.start + cell.span;
  const kept = new Set(cells.filter((cell) => cell.span === 1).map((cell) => cell.start));
  for (const cell of cells) if (![...kept].some((column) => covers(cell, column))) kept.add(cell.start);
  return rows
    .map((row) => row.flatMap((cell) => [cell.text, ...Array<string>([...kept].filter((column) => covers(cell, column)).length - 1).fill('')]))
    .filter((row) => row.some(Boolean))
    .map((row) => row.join(' | '));
}

function sectionsOf(body: Element): Section[] {
  const sections: Section[] = [{ blocks: [] }];
  const add = (block: string) => {
    if (block) (sections.at(-1) as Section).blocks.push(block);
  };
  const visit = (node: Element) => {
    const tag = tagOf(node);
    if (/^h[1-6]$/.test(tag)) {
      const title = oneLine(inlineText(node));
      if (title) sections.push({ title, blocks: [] });
    } else if (isList(node)) add(listLines(node, 0).join('\n'));
    else if (tag === 'table') add(tableLines(node).join('\n'));
    else if (tag === 'p' || node.children.length === 0) add(inlineText(node));
    else childElements(node).forEach(visit);
  };
  childElements(body).forEach(visit);
  return sections.filter((section) => section.title || section.blocks.length > 0);
}

async function toHtml(path: string): Promise<string> {
  try {
    const result = await mammoth.convertToHtml(
      { path },
      {
        externalFileAccess: false,
        includeEmbeddedStyleMap: false,
        styleMap: STYLE_MAP,
        ignoreEmptyParagraphs: true,
        convertImage: mammoth.images.imgElement(async () => ({ src: '' })),
      },
    );
    return result.value;
  } catch (error) {
    throw damaged(error);
  }
}

async function readCoreTitle(path: string): Promise<string | undefined> {
  const pkg = await openPackage(path);
  try {
    return await coreTitle(pkg);
  } finally {
    pkg.close();
  }
}

export const parseDocx: FormatParser = async (path, { fileName }) => {
  const html = await toHtml(path);
  // mammoth has read the package, so a failure here can only be in the optional properties part
  const metadataTitle = await readCoreTitle(path).catch(() => undefined);
  const { document } = parseHTML(`<!DOCTYPE html><html><body>${html}</body></html>`);
  const sections = sectionsOf(document.body);
  const outline: OutlineEntry[] = sections.map((section, index) => ({
    kind: 'section',
    index,
    ...(section.title ? { title: section.title } : {}),
    text: section.blocks.join('\n\n'),
  }));
  const text = sections.map((section) => [section.title, ...section.blocks].filter(Boolean).join('\n\n')).join('\n\n');
  const title = metadataTitle ?? sections.find((section) => section.title)?.title ?? fileName?.replace(/\.[^.]+$/, '');
  return { ...(title ? { title } : {}), text, outline };
};
