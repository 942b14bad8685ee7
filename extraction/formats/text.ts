import { readFile } from 'node:fs/promises';
import type { ExtractedContent, OutlineEntry } from '../../domain/learning-content.ts';
import { ExtractionError } from '../extractor.ts';
import type { FormatParser } from './format-parser.ts';

// Plain text. Sections start at headings: Markdown `#` lines (outside code fences), a short line
// underlined with `===` or `---` (also a centred title underlined to its width), a short ALL-CAPS
// line standing alone (an outline's "* " before it dropped), a title between rules of dashes, or a
// label at the margin over an indented paragraph. Without any heading the
// paragraphs (blank-line separated; single lines when the text has no blank lines) are grouped into
// untitled sections of about SECTION_CHARS characters, never splitting a paragraph.

const SECTION_CHARS = 2000;
const MAX_HEADING_CHARS = 120;
const MAX_TITLE_CHARS = 200;

/** UTF-8 with an optional byte order mark; anything else is refused with what to do about it. */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new ExtractionError('the text file is not valid UTF-8; save it as UTF-8 and upload it again');
  }
}

const atxHeading = /^ {0,3}#{1,6}[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/;
const setextUnderline = /^ {0,3}(?:={3,}|-{3,})[ \t]*$/;
/** "                 The GNU Privacy Guard 2" over "                =========================": a centred title underlined to its width. */
const centredUnderline = (line: string, underline: string | undefined) =>
  /^[ \t]+(?:={3,}|-{3,})[ \t]*$/.test(underline ?? '') && Math.abs((underline ?? '').trim().length - line.trim().length) <= 2;
/** "* INTRODUCTION", "** Build": an outline's heading marks, as GNU's plain READMEs set them. */
const OUTLINE_MARK = /^\*+\s+/;
const codeFence = /^ {0,3}(?:```|~~~)/;
const isBlank = (line: string | undefined) => line === undefined || line.trim() === '';

function isAllCapsHeading(line: string, previous: string | undefined, next: string | undefined): boolean {
  const text = line.trim();
  // "`HOST ...'" over "Same as `--host=HOST'.": a quoted term of a list, no heading.
  if (text.length < 3 || text.length > 80 || !isBlank(previous) || /[.,;!?]$/.test(text) || /^[`'"]/.test(text)) return false;
  // "BUG REPORTS AND FIXES (Un*x systems):": an aside in brackets after the title may keep its case.
  const title = text.replace(/\s*\([^()]*\)(?=:?$)/, '');
  if (!/\p{Lu}.*\p{Lu}/u.test(title) || /\p{Ll}/u.test(title)) return false;
  // A run of shouted lines is a paragraph, not a heading.
  return isBlank(next) || /\p{Ll}/u.test(next ?? '');
}

/**
 * "Extra configuration options:" at the margin over a blank line and an indented paragraph: a plain
 * README's label for the text set in below it (bc's), the heading of a section. "GNU bc version 1.07:" over
 * a line at the margin heads nothing.
 */
function isLabelHeading(line: string, previous: string | undefined, lines: readonly string[], index: number): boolean {
  if (!isBlank(previous) || !isBlank(lines[index + 1]) || !LABEL_HEADING.test(line) || LEADS_ON.test(line)) return false;
  const next = lines.slice(index + 1).find((after) => !isBlank(after));
  return next !== undefined && /^[ \t]/.test(next);
}
/** A label of a few words ("Extra make steps:"); "Bug reports for bash should be sent to:" leads into what follows, a sentence. */
const LABEL_HEADING = /^\p{Lu}[\p{L}\d-]*(?:[ \t]+[\p{L}\d-]+){0,4}:$/u;
const LEADS_ON = /\s(?:to|like|as|for|with|of|by|from|in|on|at|is|are|be|the|a|an|and|or|following|below)\s*:$/i;
/** "-------- Original comp.sources.reviewed README --------": a title set between rules of dashes or equals signs. */
const FRAMED_HEADING = /^[ \t]*(?:-{3,}|={3,})[ \t]+(\S.{0,80}?)[ \t]+(?:-{3,}|={3,})[ \t]*$/;

/** `label`: a section headed by a label ("Extra make steps:"), a part of the text, never its title. */
type Section = { title?: string; label?: boolean; lines: string[] };

function splitAtHeadings(lines: string[]): Section[] {
  const sections: Section[] = [];
  let current: Section = { lines: [] };
  let inFence = false;
  const startSection = (title: string, label = false) => {
    if (current.title !== undefined || current.lines.some((line) => line.trim())) sections.push(current);
    // "INSTALLATION:", "Portability:" over dashes: as gawk's and mawk's READMEs set their sections, the colon is no part of the title.
    const own = title.trim().replace(OUTLINE_MARK, '').replace(/:$/, '');
    current = { title: own.slice(0, MAX_TITLE_CHARS), ...(label ? { label } : {}), lines: [] };
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (codeFence.test(line)) inFence = !inFence;
    const atx = inFence ? null : atxHeading.exec(line);
    if (atx) {
      startSection(atx[1] as string);
    } else if (
      !inFence &&
      !isBlank(line) &&
      line.trim().length <= MAX_HEADING_CHARS &&
      isBlank(lines[i - 1]) &&
      (setextUnderline.test(lines[i + 1] ?? '') || centredUnderline(line, lines[i + 1]))
    ) {
      startSection(line);
      i++;
    } else if (!inFence && isAllCapsHeading(line, lines[i - 1], lines[i + 1])) {
      startSection(line);
    } else if (!inFence && FRAMED_HEADING.test(line)) {
      startSection(FRAMED_HEADING.exec(line)?.[1] ?? line);
    } else if (!inFence && isLabelHeading(line, lines[i - 1], lines, i)) {
      startSection(line, true);
    } else {
      current.lines.push(line);
    }
  }
  if (current.title !== undefined || current.lines.some((line) => line.trim())) sections.push(current);
  return sections;
}

function groupParagraphs(text: string): OutlineEntry[] {
  const separator = /\n[ \t]*\n/.test(text) ? /\n[ \t]*\n/ : /\n/;
  const paragraphs = text
    .split(separator)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  const outline: OutlineEntry[] = [];
  let group: string[] = [];
  let length = 0;
  const flush = () => {
    if (group.length > 0) outline.push({ kind: 'section', index: outline.length, text: group.join('\n\n') });
    group = [];
    length = 0;
  };
  for (const paragraph of paragraphs) {
    if (length > 0 && length + paragraph.length > SECTION_CHARS) flush();
    group.push(paragraph);
    length += paragraph.length;
  }
  flush();
  return outline;
}

/**
 * "These are the GNU core utilities.  This package is the union of": the first sentence, after the copyright
 * notice and its licence a README may open with ("Copyright (C) 1992, … Free Software Foundation, Inc." over
 * "Copying and distribution of this file…"), read across the lines it wraps onto ("…heavily optimised for" over
 * "reading."), else the first line; "dconf is a simple key/value storage system…" is about what it names, "dconf".
 */
function firstLine(text: string): string | undefined {
  const paragraph = text
    .split(/\n[ \t]*\n/)
    .map((part) => part.trim())
    .find((part) => part && !NOTICE.test(part));
  if (paragraph === undefined) return undefined;
  const line = paragraph.split('\n')[0]?.trim() ?? '';
  // "Release notes for Valgrind" over "~~~~" is a line of its own; only a line the text's width ended runs on.
  const wrapped = line.length >= WRAPPED_LINE_CHARS && !/[.!?]\s/.test(line);
  const sentence = wrapped ? /^.*?[.!?](?=\s|$)/su.exec(paragraph.replace(/\s*\n\s*/g, ' '))?.[0] : undefined;
  const first = sentence !== undefined && sentence.length <= MAX_TITLE_CHARS ? sentence : line.replace(/(?<=[.!?])\s+\S.*$/, '');
  return NAMES_ITS_SUBJECT.exec(first)?.[1] ?? first.replace(/:$/, '').slice(0, MAX_TITLE_CHARS);
}
const WRAPPED_LINE_CHARS = 60;
/** "dconf is a…", "Cscope is a text screen based source browsing tool.": a name before what it is. */
const NAMES_ITS_SUBJECT = /^(?!(?:This|That|These|Those|It|There|Here)\s)([\p{L}][\p{L}\p{N}_+:.-]*)\s+(?:is|are)\s+(?:a|an)\s/u;
const NOTICE = /^(?:copyright\b|\(c\)|©|copying and distribution\b|permission is (?:hereby )?granted\b)/i;

/**
 * A text's own title: a heading that opens it, after a line or two at most (a badge, a version); "GNU Project
 * notice" after a README's whole body is one of its sections, and the body's first line says what it is about.
 */
const MAX_LINES_BEFORE_TITLE = 2;
function ownTitle(sections: Section[]): string | undefined {
  const [first, second] = sections;
  if (first?.title !== undefined) return first.label ? undefined : first.title;
  return (first?.lines.filter((line) => line.trim()).length ?? 0) <= MAX_LINES_BEFORE_TITLE && !second?.label ? second?.title : undefined;
}

/**
 * A title read from the first lines of a text without metadata: the first short line that reads like
 * a heading (a letter, at most 12 words, no sentence punctuation at its end), else the first line.
 */
export function titleFromText(text: string): string | undefined {
  const lines = text
    .split('\n')
    .map((line) =>
      line
        .replace(/^#+\s*/, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean)
    .slice(0, 15);
  const heading = lines.find(
    (line) => line.length >= 2 && line.length <= MAX_HEADING_CHARS && /\p{L}/u.test(line) && line.split(' ').length <= 12 && !/[.,;:]$/.test(line),
  );
  return heading ?? lines[0]?.slice(0, MAX_TITLE_CHARS);
}

/** "-*- text -*-" first in wget's README: the mode an editor opens the file in, no part of the text. */
const EDITOR_MODE_LINE = /^[ \t]*-\*-[^\n]*-\*-[ \t]*(?:\n|$)/;
/**
 * "-- $MawkId: README,v 1.6 2019/01/29 02:05:45 tom Exp $" over "-- vile:txtmode fc=78": the stamp a
 * version control system writes atop a file and the settings an editor reads there, no part of its text.
 */
const FILE_STAMP_LINES = /^(?:(?:[^\n$]{0,8}\$\w*(?:Id|Header):[^$\n]*\$|[ \t]*\W{0,3}[ \t]*(?:vi|vim|vile|ex):\S)[^\n]*(?:\n|$))+/;

/** Sections and a title for a text; shared with web pages served as text/plain. */
export function textToContent(raw: string): ExtractedContent {
  const text = raw
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(EDITOR_MODE_LINE, '')
    .replace(FILE_STAMP_LINES, '')
    .trim();
  const sections = splitAtHeadings(text.split('\n'));
  const headed = sections.some((section) => section.title !== undefined);
  const headingTitle = ownTitle(sections);
  const title = headingTitle ?? firstLine(text);
  // What comes before the first heading, when it opens on the line that titles the text ("mawk -- an implementation of…"), is no section of its own.
  const opensOnTitle = (section: Section) =>
    title !== undefined &&
    headingTitle === undefined &&
    !!section.lines
      .find((line) => line.trim())
      ?.trim()
      .startsWith(title);
  const titleOf = (section: Section, index: number) => section.title ?? (index === 0 && opensOnTitle(section) ? title : undefined);
  const outline: OutlineEntry[] = headed
    ? sections.map((section, index) => ({
        kind: 'section',
        index,
        ...(titleOf(section, index) !== undefined ? { title: titleOf(section, index) } : {}),
        text: section.lines.join('\n').trim(),
      }))
    : groupParagraphs(text);
  return { ...(title ? { title } : {}), text, outline };
}

export const parseText: FormatParser = async (path) => textToContent(decodeUtf8(await readFile(path)));
