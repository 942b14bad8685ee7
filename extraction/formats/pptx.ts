import { parseOffice, type OfficeContentNode } from 'officeparser';
import type { OutlineEntry } from '../../domain/learning-content.ts';
import { ExtractionError } from '../extractor.ts';
import type { FormatParser } from './format-parser.ts';

// PPTX through officeparser's document tree: one `slide` per slide (index = slide number - 1), the
// title placeholder as its title, bullets as "- item" lines, tables as "cell | cell" rows and the
// speaker notes appended as "Notes: ...". Slide masters, comments and images are left out.

const TITLE_MAX_CHARS = 80;
const MAX_SPAN = 64;

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A cell's own text runs its paragraphs together, so cells are read from their children. */
const textOf = (node: OfficeContentNode): string =>
  collapse(node.type === 'cell' || node.text === undefined ? (node.children ?? []).map(textOf).join(' ') : node.text);

const metadataOf = (node: OfficeContentNode) => (node.metadata ?? {}) as Record<string, unknown>;

/** Rows as "cell | cell"; a merged cell is followed by empty cells so every row keeps its columns. */
function tableLines(table: OfficeContentNode): string[] {
  return (table.children ?? [])
    .map((row) =>
      (row.children ?? []).flatMap((cell) => {
        const span = Math.min(MAX_SPAN, Math.max(1, Number(metadataOf(cell)['colSpan']) || 1));
        return [textOf(cell), ...Array<string>(span - 1).fill('')];
      }),
    )
    .filter((cells) => cells.some(Boolean))
    .map((cells) => cells.join(' | '));
}

function blockLines(node: OfficeContentNode): string[] {
  switch (node.type) {
    case 'list': {
      const text = textOf(node);
      return text ? [`${'  '.repeat(Number(metadataOf(node)['indentation']) || 0)}- ${text}`] : [];
    }
    case 'table':
      return tableLines(node);
    case 'paragraph':
    case 'heading': {
      const text = textOf(node);
      return text ? [text] : [];
    }
    default:
      if (node.children?.length) return node.children.flatMap(blockLines);
      return node.text?.trim() ? [collapse(node.text)] : [];
  }
}

/** The title placeholder; a deck converted from PPT can lose it, so a short unpunctuated first line stands in. */
function splitTitle(slide: OfficeContentNode): { title?: string; lines: string[] } {
  const children = slide.children ?? [];
  const heading = children.find((child) => child.type === 'heading' && textOf(child));
  if (heading) return { title: textOf(heading), lines: children.filter((child) => child !== heading).flatMap(blockLines) };
  const lines = children.flatMap(blockLines);
  const [first, ...rest] = lines;
  const standsIn = children[0]?.type === 'paragraph' && first !== undefined && first.length <= TITLE_MAX_CHARS && !/[.!?:;,]$/.test(first) && rest.length > 0;
  return standsIn ? { title: first, lines: rest } : { lines };
}

function notesOf(slide: OfficeContentNode): string {
  return (
    (slide.notes ?? [])
      .flatMap(blockLines)
      .map((line) => line.replace(/^\s*- /, ''))
      // the notes page's slide-number field
      .filter((line) => !/^\d+$/.test(line))
      .join(' ')
  );
}

function describeFailure(error: unknown): ExtractionError {
  const code = String((error as { officeIssue?: { code?: string } }).officeIssue?.code ?? '');
  if (code.startsWith('PASSWORD') || code === 'DOCUMENT_DECRYPTION_FAILED') {
    return new ExtractionError('the presentation is password-protected; remove the password and upload it again', { cause: error });
  }
  if (/LIMIT_EXCEEDED|MAX_NESTING/.test(code)) {
    return new ExtractionError('the presentation is too large or too deeply nested to read; split it into smaller files', { cause: error });
  }
  return new ExtractionError(
    'the PowerPoint presentation is damaged or incomplete and cannot be read; open it in PowerPoint, save it again and upload the new file',
    {
      cause: error,
    },
  );
}

export const parsePptx: FormatParser = async (path, { fileName }) => {
  let ast;
  try {
    ast = await parseOffice(path, { ocr: false, extractAttachments: false, ignoreSlideMasters: true, ignoreComments: true, includeRawContent: false });
  } catch (error) {
    throw describeFailure(error);
  }
  const slides = ast.content.filter((node) => node.type === 'slide');
  const outline: OutlineEntry[] = slides.map((slide, position) => {
    const { title, lines } = splitTitle(slide);
    const notes = notesOf(slide);
    const slideNumber = Number(metadataOf(slide)['slideNumber']) || position + 1;
    return {
      kind: 'slide',
      index: Math.max(0, slideNumber - 1),
      ...(title ? { title } : {}),
      text: [lines.join('\n'), notes ? `Notes: ${notes}` : ''].filter(Boolean).join('\n\n'),
    };
  });
  const metadataTitle = typeof ast.metadata?.title === 'string' ? collapse(ast.metadata.title) : '';
  const title = metadataTitle || outline.find((slide) => slide.title)?.title || fileName?.replace(/\.[^.]+$/, '');
  const text = outline.map((slide) => [slide.title, slide.text].filter(Boolean).join('\n')).join('\n\n');
  return { ...(title ? { title } : {}), text, outline };
};
