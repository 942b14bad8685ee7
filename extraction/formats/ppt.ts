import CFB from 'cfb';
import type { OutlineEntry } from '../../domain/learning-content.ts';
import { ExtractionError } from '../extractor.ts';
import { convertWithLibreOffice, isLibreOfficeAvailable } from '../libreoffice.ts';
import type { FormatParser } from './format-parser.ts';
import { oleTitle } from './ole-properties.ts';
import { parsePptx } from './pptx.ts';

// PowerPoint 97-2003 read in JavaScript: the text atoms of the "PowerPoint Document" stream
// ([MS-PPT] 2.3), slide by slide, with the title placeholder as the slide's title and the speaker
// notes appended as "Notes: ...", as PPTX slides read. LibreOffice, when installed, is the fallback
// for a file this reader cannot read.

const RECORD = {
  SLIDE: 0x03ee,
  NOTES: 0x03f0,
  NOTES_ATOM: 0x03f1,
  SLIDE_LIST_WITH_TEXT: 0x0ff0,
  SLIDE_PERSIST_ATOM: 0x03f3,
  TEXT_HEADER_ATOM: 0x0f9f,
  TEXT_CHARS_ATOM: 0x0fa0,
  TEXT_BYTES_ATOM: 0x0fa8,
} as const;

const CONTAINER_VERSION = 0xf;
/** TextHeaderAtom types ([MS-PPT] 2.13.33): title, centred title. */
const TITLE_TYPES = new Set([0, 6]);
const MAX_DEPTH = 32;

type Text = { type: number | null; text: string };
type Slide = { texts: Text[] };

class PptFormatError extends Error {}

const damaged = (cause?: unknown) =>
  new ExtractionError(
    'the PowerPoint 97-2003 presentation is damaged or incomplete and cannot be read; open it in PowerPoint, save it again and upload the new file',
    { cause },
  );

/** Calls `visit` for every record in `[start, end)`, descending into containers. */
function walk(
  stream: Buffer,
  start: number,
  end: number,
  visit: (type: number, instance: number, data: Buffer, at: number) => boolean | void,
  depth = 0,
): void {
  if (depth > MAX_DEPTH) throw new PptFormatError('records nest too deeply');
  for (let at = start; at + 8 <= end;) {
    const versionAndInstance = stream.readUInt16LE(at);
    const type = stream.readUInt16LE(at + 2);
    const length = stream.readUInt32LE(at + 4);
    const bodyEnd = at + 8 + length;
    if (bodyEnd > end) throw new PptFormatError('a record runs past its container');
    const descend = visit(type, versionAndInstance >> 4, stream.subarray(at + 8, bodyEnd), at);
    if ((versionAndInstance & 0xf) === CONTAINER_VERSION && descend !== false) walk(stream, at + 8, bodyEnd, visit, depth + 1);
    at = bodyEnd;
  }
}

/** The text atoms under a slide or notes container, each with the type its TextHeaderAtom gave it. */
function textsOf(stream: Buffer, container: Buffer, offset: number): Text[] {
  const texts: Text[] = [];
  let type: number | null = null;
  walk(stream, offset + 8, offset + 8 + container.length, (recordType, _instance, data) => {
    if (recordType === RECORD.TEXT_HEADER_ATOM && data.length >= 4) type = data.readUInt32LE(0);
    else if (recordType === RECORD.TEXT_CHARS_ATOM || recordType === RECORD.TEXT_BYTES_ATOM) {
      const text = (recordType === RECORD.TEXT_CHARS_ATOM ? data.toString('utf16le') : data.toString('latin1'))
        .split(/[\r\v\n]/)
        .map((line) => line.replace(/[\u0000-\u001f]/g, ' ').trim())
        .filter(Boolean)
        .join('\n');
      // "*" is a field placeholder (slide number, date) in masters and layouts.
      if (text && text !== '*') texts.push({ type, text });
      type = null;
    }
  });
  return texts;
}

function readPresentation(stream: Buffer): { slides: Slide[]; notes: Map<number, string> } {
  const slides: Slide[] = [];
  const slideIds: number[] = [];
  const notesBySlideId = new Map<number, string>();
  walk(stream, 0, stream.length, (type, instance, data, at) => {
    if (type === RECORD.SLIDE_LIST_WITH_TEXT) {
      // Instance 0 lists the slides in presentation order, each by its persistent slide id.
      if (instance === 0) {
        walk(stream, at + 8, at + 8 + data.length, (inner, _i, atom) => {
          if (inner === RECORD.SLIDE_PERSIST_ATOM && atom.length >= 16) slideIds.push(atom.readUInt32LE(12));
        });
      }
      return false;
    }
    if (type === RECORD.SLIDE) {
      slides.push({ texts: textsOf(stream, data, at) });
      return false;
    }
    if (type === RECORD.NOTES) {
      let slideId: number | null = null;
      walk(stream, at + 8, at + 8 + data.length, (inner, _i, atom) => {
        if (inner === RECORD.NOTES_ATOM && atom.length >= 4) slideId = atom.readUInt32LE(0);
      });
      const text = textsOf(stream, data, at)
        .map((entry) => entry.text)
        .join(' ');
      if (slideId !== null && text) notesBySlideId.set(slideId, text);
      return false;
    }
    return undefined;
  });
  const notes = new Map<number, string>();
  slideIds.forEach((id, index) => {
    const text = notesBySlideId.get(id);
    if (text) notes.set(index, text);
  });
  return { slides, notes };
}

function documentStream(path: string): Buffer {
  let container: CFB.CFB$Container;
  try {
    container = CFB.read(path, { type: 'file' });
  } catch (error) {
    throw new PptFormatError(String(error));
  }
  const entry = CFB.find(container, 'PowerPoint Document');
  if (!entry?.content) throw new PptFormatError('no PowerPoint Document stream');
  return Buffer.from(entry.content as Uint8Array);
}

export const parsePpt: FormatParser = async (path, context) => {
  try {
    const { slides, notes } = readPresentation(documentStream(path));
    if (slides.length === 0) throw new PptFormatError('no slides');
    const outline: OutlineEntry[] = slides.map((slide, index) => {
      const titled =
        slide.texts.find((entry) => entry.type !== null && TITLE_TYPES.has(entry.type)) ?? (slide.texts[0]?.text.includes('\n') ? undefined : slide.texts[0]);
      const lines = slide.texts.filter((entry) => entry !== titled).map((entry) => entry.text);
      const note = notes.get(index);
      return {
        kind: 'slide',
        index,
        ...(titled ? { title: titled.text.replace(/\n/g, ' ') } : {}),
        text: [lines.join('\n'), note ? `Notes: ${note}` : ''].filter(Boolean).join('\n\n'),
      };
    });
    const title = oleTitle(path) || outline.find((slide) => slide.title)?.title || context.fileName?.replace(/\.[^.]+$/, '');
    const text = outline.map((slide) => [slide.title, slide.text].filter(Boolean).join('\n')).join('\n\n');
    return { ...(title ? { title } : {}), text, outline };
  } catch (error) {
    if (!(error instanceof PptFormatError)) throw error;
    if (!(await isLibreOfficeAvailable())) throw damaged(error);
    return parsePptx(await convertWithLibreOffice(path, 'pptx', context.workDir), context);
  }
};
