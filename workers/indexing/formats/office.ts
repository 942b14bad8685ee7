import { parseOffice, type OfficeContentNode } from 'officeparser';
import type { ExtractedContent, OutlineEntry } from '../../../domain/learning-content.ts';
import { ExtractionError } from '../extractor.ts';
import { rowsToText } from './csv.ts';
import type { FormatParser } from './format-parser.ts';

// DOCX, PPTX and XLSX through officeparser's document tree, which keeps headings, lists, tables,
// slide numbers, speaker notes and sheet names. The zip container was checked for bombs before.

type Node = OfficeContentNode & { notes?: OfficeContentNode[] };

const textOf = (node: Node): string => (node.text ?? (node.children ?? []).map((child) => textOf(child as Node)).join(' ')).trim();

/** Tables read row by row, cells joined with " | "; lists as "- item". */
function blockText(node: Node): string {
  switch (node.type) {
    case 'table':
      return (node.children ?? []).map((row) => (row.children ?? []).map((cell) => textOf(cell as Node)).join(' | ')).join('\n');
    case 'list':
      return `- ${textOf(node)}`;
    default:
      return textOf(node);
  }
}

async function parse(path: string): Promise<{ content: Node[]; title?: string }> {
  try {
    const ast = await parseOffice(path, { ocr: false, extractAttachments: false } as never);
    const title = (ast.metadata as { title?: unknown } | undefined)?.title;
    return { content: ast.content as Node[], ...(typeof title === 'string' && title.trim() ? { title: title.trim() } : {}) };
  } catch {
    throw new ExtractionError('the document is damaged and cannot be read');
  }
}

export const parseDocx: FormatParser = async (path) => {
  const { content, title } = await parse(path);
  const sections: { title?: string; blocks: string[] }[] = [{ blocks: [] }];
  for (const node of content) {
    if (node.type === 'heading') sections.push({ title: textOf(node), blocks: [] });
    else {
      const text = blockText(node);
      if (text) (sections.at(-1) as { blocks: string[] }).blocks.push(text);
    }
  }
  const kept = sections.filter((section) => section.title || section.blocks.length > 0);
  const outline: OutlineEntry[] = kept.map((section, index) => ({
    kind: 'section',
    index,
    ...(section.title ? { title: section.title } : {}),
    text: section.blocks.join('\n'),
  }));
  const text = kept.map((section) => [section.title, ...section.blocks].filter(Boolean).join('\n')).join('\n\n');
  return { title: title ?? kept.find((section) => section.title)?.title, text, outline };
};

export const parsePptx: FormatParser = async (path) => {
  const { content, title } = await parse(path);
  const slides = content.filter((node) => node.type === 'slide');
  const outline: OutlineEntry[] = slides.map((slide, index) => {
    const heading = (slide.children ?? []).find((child) => child.type === 'heading') as Node | undefined;
    let body = (slide.children ?? []).filter((child) => child !== heading).map((child) => blockText(child as Node)).filter(Boolean);
    const notes = (slide.notes ?? []).map((note) => textOf(note as Node)).filter(Boolean);
    // Converted legacy decks can lose the title placeholder: a short first line stands in for it.
    let slideTitle = heading ? textOf(heading) : undefined;
    if (!slideTitle && body.length > 1 && (body[0]?.length ?? 0) <= 80) [slideTitle, ...body] = body;
    return {
      kind: 'slide',
      index,
      ...(slideTitle ? { title: slideTitle } : {}),
      text: [...body, ...(notes.length ? [`Notes: ${notes.join(' ')}`] : [])].join('\n'),
    };
  });
  const text = outline.map((slide) => [slide.title, slide.text].filter(Boolean).join('\n')).join('\n\n');
  return { title: title ?? outline[0]?.title, text, outline };
};

export const parseXlsx: FormatParser = async (path) => {
  const { content, title } = await parse(path);
  const sheets = content.filter((node) => node.type === 'sheet');
  const outline: OutlineEntry[] = sheets.map((sheet, index) => {
    const rows = (sheet.children ?? []).map((row) => (row.children ?? []).map((cell) => textOf(cell as Node)));
    const [header = [], ...body] = rows;
    const name = (sheet.metadata as { sheetName?: string } | undefined)?.sheetName ?? `Sheet ${index + 1}`;
    return { kind: 'sheet', index, title: name, text: rowsToText(header, body) };
  });
  return { title: title ?? outline[0]?.title, text: outline.map((sheet) => `${sheet.title}\n${sheet.text}`).join('\n\n'), outline };
};

