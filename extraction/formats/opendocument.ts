import type { OutlineEntry } from '../../domain/learning-content.ts';
import { ExtractionError } from '../extractor.ts';
import type { FormatParser } from './format-parser.ts';
import { htmlContent } from './html-sections.ts';
import { type OfficePackage, readPackage } from './ooxml-package.ts';

// OpenDocument text (ODT) and presentations (ODP), read from their content.xml (ODF 1.2+). A text
// document becomes the HTML it stands for (headings by outline level, paragraphs, lists, tables) and
// is read like DOCX; a presentation reads slide by slide like PPTX: the title frame as the slide's
// title, its other frames as lines, and the speaker notes appended as "Notes: ...".

const damaged = (kind: string, cause?: unknown) =>
  new ExtractionError(`the OpenDocument ${kind} is damaged or incomplete and cannot be read; open it, save it again and upload the new file`, { cause });

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const withPackage = <T>(path: string, kind: string, read: (pkg: OfficePackage) => Promise<T>): Promise<T> =>
  readPackage(
    path,
    (cause) => damaged(kind, cause),
    async (pkg) => {
      if (!pkg.has('content.xml')) throw damaged(kind);
      return read(pkg);
    },
  );

/** The document's title from meta.xml (dc:title), if it has one. */
async function metaTitle(pkg: OfficePackage): Promise<string | undefined> {
  if (!pkg.has('meta.xml')) return undefined;
  let inTitle = false;
  let title = '';
  await pkg.scan('meta.xml', {
    open: (name) => void (inTitle = name === 'title'),
    close: () => void (inTitle = false),
    text: (text) => void (inTitle && (title += text)),
  });
  return title.replace(/\s+/g, ' ').trim() || undefined;
}

/** Elements whose text is not the document's (footnote citations, annotations, tracked deletions). */
const HIDDEN = new Set(['note-citation', 'annotation', 'tracked-changes', 'sequence-decls']);

const TAGS: Record<string, (attributes: Record<string, string>) => string> = {
  h: (attributes) => `h${Math.min(6, Math.max(1, Number(attributes['outline-level']) || 1))}`,
  p: () => 'p',
  list: () => 'ul',
  'list-item': () => 'li',
  table: () => 'table',
  'table-row': () => 'tr',
  'table-cell': () => 'td',
};

export const parseOdt: FormatParser = async (path, { fileName }) =>
  withPackage(path, 'text document', async (pkg) => {
    let html = '';
    const open: string[] = [];
    let hidden = 0;
    let inBody = false;
    await pkg.scan('content.xml', {
      open(name, attributes, selfClosing) {
        if (name === 'text' && !inBody) inBody = true;
        if (!inBody) return;
        if (HIDDEN.has(name)) {
          if (!selfClosing) hidden++;
          return;
        }
        if (hidden > 0) return;
        if (name === 'line-break') html += '<br>';
        else if (name === 's' || name === 'tab') html += ' ';
        const tag = TAGS[name]?.(attributes);
        if (tag && !selfClosing) {
          html += `<${tag}>`;
          open.push(tag);
        } else if (!selfClosing) open.push('');
      },
      close(name) {
        if (!inBody) return;
        if (HIDDEN.has(name)) {
          hidden = Math.max(0, hidden - 1);
          return;
        }
        if (hidden > 0) return;
        const tag = open.pop();
        if (tag) html += `</${tag}>`;
      },
      text(text) {
        if (inBody && hidden === 0) html += escapeHtml(text);
      },
    });
    return htmlContent(`<!DOCTYPE html><html><body>${html}</body></html>`, (await metaTitle(pkg)) ?? null, fileName);
  });

type Slide = { title?: string; lines: string[]; notes: string[] };

export const parseOdp: FormatParser = async (path, { fileName }) =>
  withPackage(path, 'presentation', async (pkg) => {
    const slides: Slide[] = [];
    let slide: Slide | null = null;
    let inNotes = false;
    let frameClass = '';
    let paragraph = '';
    let inParagraph = 0;
    await pkg.scan('content.xml', {
      open(name, attributes, selfClosing) {
        if (name === 'page' && !inNotes) {
          slide = { lines: [], notes: [] };
          slides.push(slide);
        } else if (name === 'notes') inNotes = true;
        else if (name === 'frame') frameClass = attributes['class'] ?? '';
        else if ((name === 'p' || name === 'h') && !selfClosing) {
          inParagraph++;
          paragraph = '';
        } else if (name === 'line-break' || name === 's' || name === 'tab') paragraph += ' ';
      },
      close(name) {
        if (name === 'notes') inNotes = false;
        else if (name === 'frame') frameClass = '';
        else if ((name === 'p' || name === 'h') && inParagraph > 0) {
          inParagraph--;
          const text = paragraph.replace(/\s+/g, ' ').trim();
          paragraph = '';
          const current = slide as Slide | null;
          if (!text || !current) return;
          if (inNotes) current.notes.push(text);
          else if (frameClass === 'title' && current.title === undefined) current.title = text;
          else current.lines.push(text);
        }
      },
      text(text) {
        if (inParagraph > 0) paragraph += text;
      },
    });
    if (slides.length === 0) throw damaged('presentation');
    const outline: OutlineEntry[] = slides.map((entry, index) => ({
      kind: 'slide',
      index,
      ...(entry.title ? { title: entry.title } : {}),
      text: [entry.lines.join('\n'), entry.notes.length ? `Notes: ${entry.notes.join(' ')}` : ''].filter(Boolean).join('\n\n'),
    }));
    const title = (await metaTitle(pkg)) ?? outline.find((entry) => entry.title)?.title ?? fileName?.replace(/\.[^.]+$/, '');
    const text = outline.map((entry) => [entry.title, entry.text].filter(Boolean).join('\n')).join('\n\n');
    return { ...(title ? { title } : {}), text, outline };
  });
