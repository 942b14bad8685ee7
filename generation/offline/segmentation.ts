import { looksLikeCode } from '../quality.ts';
import { zipf } from './commonness.ts';
import { readsAsVerb } from './nlp.ts';
import { collapseWhitespace, isTitleCase, wordCount } from './text.ts';
import { isAdmonition, isCApiName, isConstantName, isDataName, isSignature, isSourceLink, opensWithCallout } from './headings.ts';

// Splits the text of one outline entry into blocks (headings, prose paragraphs, bullets) and
// tables. Extracted text keeps the layout's line breaks (pdftotext wraps paragraphs, slides have
// one bullet per line, sheets one row per line), so lines are rejoined into paragraphs here before
// any sentence splitting: the NLP sentence splitter does not treat a single newline as a boundary.

export type BlockKind = 'heading' | 'prose' | 'bullet';
export type TextBlock = { kind: BlockKind; text: string };
export type TableRow = { cells: string[]; line: string };
export type RawTable = { headers: string[]; rows: TableRow[] };
/**
 * `code`: the lines left out as code or console output, whose words tell an example's names;
 * `className`: the class whose methods the text ends among, for the page after it.
 */
export type SegmentedText = { blocks: TextBlock[]; tables: RawTable[]; code: string[] } & PageBefore;
/** What a printed page leaves the next: the class whose methods it ended among, what its entries are members of. */
export type PageBefore = { className?: string; owners?: ReadonlySet<string> };

const BULLET = /^\s*(?:[-•*▪◦‣·–—]|\(?\d{1,2}[.)]|\(?[a-z][.)])\s+/;
const TERMINAL = /[.!?]["”’)]?$/;
/** A "Term: definition" / "Term – definition" line always starts a block of its own. */
const LABELLED_LINE = /^\s*[\p{Lu}\p{N}][^:.!?]{0,60}?(?::|\s[–—-])\s+\S/u;
/** "kern: message coming from the kernel": an entry labelled with one lower-case word. */
const LOWER_LABELLED_LINE = /^\s*\p{Ll}[\p{L}\p{N}_-]{0,20}:\s+\S/u;
/** Labels of layout, not content: their text is kept, the label dropped. */
const LAYOUT_LABEL = /^\s*(?:speaker\s+)?notes?\s*:\s*/i;
const METADATA_MAX_WORDS = 8;
const METADATA_LINE = /^>?\s*(?:authors?|release|version|date|editors?|contact|status|stability|maintainers?|last updated)\s*:\s*(.*)$/i;
/** A page number on a line of its own ("12", "Page 3 of 9", front-matter "xiv"). */
const PAGE_NOISE = /^\s*(?:page\s+)?(?:\d{1,4}|x{0,3}(?:ix|iv|v?i{0,3}))(?:\s*(?:of|\/)\s*\d{1,4})?\s*$/i;
const DOWNLOAD_BUTTON = /^download(?:\s+the\s+ebook)?$/i;
const DOWNLOAD_BUTTON_TAIL = /^(?:the\s+)?ebook$/i;
const DOWNLOAD_BUTTON_SPAN = 2;
/** A wrapped line of prose is long; a shorter unterminated line ends its paragraph (a heading). */
const WRAPPED_LINE_MIN_CHARS = 45;
const HEADING_MAX_WORDS = 10;
/** A heading printed on a line well short of the text's width may say more ("Make sure you specify the proper version support in your setup.py file"). */
const SHORT_HEADING_MAX_WORDS = 14;
const SHORT_LINE_SHARE = 0.75;
const WIDTH_SAMPLE_MIN_WORDS = 8;
const WIDTH_SAMPLE_MIN_LINES = 10;
const WIDTH_PERCENTILE = 0.9;
const CALLOUT_TITLE_MAX_WORDS = 12;
const MIN_TABLE_LINES = 3;
const MIN_PAIR_LINES = 2;

/** "250,000+ cycles": a comma between a digit and three more groups a number's thousands, no cells. */
const THOUSANDS = /^\d,\d{3}(?!\d)/;

function splitDelimited(line: string, delimiter: string): string[] {
  if (delimiter === '|') {
    return line
      .trim()
      .replace(/^\|/, '')
      .replace(/\|$/, '')
      .split('|')
      .map((cell) => cell.trim());
  }
  if (delimiter === '\t') return line.split('\t').map((cell) => cell.trim());
  const cells: string[] = [];
  let current = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index];
    if (char === '"') {
      if (quoted && line[index + 1] === '"') {
        current += '"';
        index += 1;
      } else quoted = !quoted;
    } else if (char === delimiter && !quoted && !(delimiter === ',' && THOUSANDS.test(line.slice(index - 1, index + 5)))) {
      cells.push(current.trim());
      current = '';
    } else current += char;
  }
  cells.push(current.trim());
  return cells;
}

const MARKDOWN_RULE = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;

/** "Section 3.1.1, “Stage 1: the UEFI”": a printed cross-reference, a number and the title it points to. */
const CROSS_REFERENCE = /^(?:section|chapter|appendix)\s+[\dA-Z]+(?:\.\d+)*,\s*[“"]/i;

/** Cells of a delimited row, or undefined when the line is not one (prose with commas is not, nor a cross-reference). */
function delimitedCells(line: string, delimiter: string, permissive: boolean): string[] | undefined {
  if (!line.includes(delimiter) || CROSS_REFERENCE.test(line.trim())) return undefined;
  // "• SEQUENCE<tab>…": a row written as a bullet keeps the bullet out of its first cell.
  const cells = splitDelimited(line.replace(BULLET, ''), delimiter);
  if (cells.length < 2) return undefined;
  if (!permissive && (delimiter === ',' || delimiter === ';')) {
    if (cells.some((cell) => wordCount(cell) > 6 || TERMINAL.test(cell))) return undefined;
  }
  return cells;
}

function keyValuePairs(line: string): Array<[string, string]> | undefined {
  for (const separator of ['\t', '|', ';', ',']) {
    const pieces = line
      .split(separator)
      .map((piece) => piece.trim())
      .filter(Boolean);
    if (pieces.length < 2) continue;
    const pairs: Array<[string, string]> = [];
    for (const piece of pieces) {
      const match = /^([^:]{1,40}):\s*(\S.*)$/.exec(piece);
      if (!match) break;
      pairs.push([(match[1] ?? '').trim(), (match[2] ?? '').trim()]);
    }
    if (pairs.length === pieces.length) return pairs;
  }
  return undefined;
}

type TableMatch = { table: RawTable; lines: number };

function delimitedTableAt(lines: readonly string[], start: number, permissive: boolean): TableMatch | undefined {
  let best: TableMatch | undefined;
  for (const delimiter of ['\t', '|', ';', ',']) {
    const header = delimitedCells(lines[start] ?? '', delimiter, permissive);
    if (!header) continue;
    const rows: TableRow[] = [];
    let index = start + 1;
    for (; index < lines.length; index += 1) {
      const line = lines[index] ?? '';
      if (delimiter === '|' && MARKDOWN_RULE.test(line)) continue;
      const cells = delimitedCells(line, delimiter, permissive);
      if (!cells || cells.length !== header.length) break;
      rows.push({ cells, line: collapseWhitespace(line) });
    }
    if (rows.length + 1 >= MIN_TABLE_LINES && (!best || index - start > best.lines)) {
      best = { table: { headers: header, rows }, lines: index - start };
    }
  }
  return best;
}

/** Rows written as "Header: value; Header: value" (one record per line). */
function keyValueTableAt(lines: readonly string[], start: number): TableMatch | undefined {
  const first = keyValuePairs(lines[start] ?? '');
  if (!first) return undefined;
  const headers = first.map(([key]) => key);
  const rows: TableRow[] = [];
  let index = start;
  for (; index < lines.length; index += 1) {
    const pairs = keyValuePairs(lines[index] ?? '');
    if (!pairs || pairs.length !== headers.length || pairs.some(([key], at) => key !== headers[at])) break;
    rows.push({ cells: pairs.map(([, value]) => value), line: collapseWhitespace(lines[index] ?? '') });
  }
  return rows.length >= MIN_PAIR_LINES ? { table: { headers, rows }, lines: index - start } : undefined;
}

/**
 * How wide the text's wrapped lines run (a printed page's column, in characters): most long lines reach
 * it. Undefined where lines are not wrapped by a layout (slides, plain text of one line per paragraph).
 */
function lineWidth(lines: readonly string[]): number | undefined {
  const lengths = lines
    .map((line) => line.trim())
    .filter((line) => wordCount(line) >= WIDTH_SAMPLE_MIN_WORDS)
    .map((line) => line.length)
    .sort((a, b) => a - b);
  return lengths.length >= WIDTH_SAMPLE_MIN_LINES ? lengths[Math.floor(WIDTH_PERCENTILE * (lengths.length - 1))] : undefined;
}

const isShortLine = (line: string, width: number | undefined) => width !== undefined && line.length < SHORT_LINE_SHARE * width;

const QUESTION = /^(?:Why|How|What|When|Where|Which|Who|Can|Is|Are|Do|Does|Should|Must|Will)\b.*\?$/;
const MIN_QUESTION_HEADINGS = 2;
/**
 * "Why does Python use indentation for grouping of statements?" on a line of its own after a blank one,
 * with its answer below: a FAQ's heading, where the text has more than one such question; one question
 * alone may be the text asking its reader.
 */
function questionHeadings(lines: readonly string[]): Set<string> {
  const questions = lines
    .map((line) => line.trim())
    .filter((line, index) => {
      const [before, after] = [lines[index - 1]?.trim() ?? '', lines[index + 1]?.trim() ?? ''];
      return QUESTION.test(line) && wordCount(line) <= SHORT_HEADING_MAX_WORDS && before === '' && /^\p{Lu}/u.test(after);
    });
  return new Set(questions.length >= MIN_QUESTION_HEADINGS ? questions : []);
}

/**
 * "deque objects", "asynchat Example", "namedtuple() Factory Function for Tuples with Named Fields": a reference's section
 * named after a name of its code, which keeps its lower case; so does a submodule's part of its package's page,
 * titled as a module's page is ("importlib.abc – Abstract base classes related to import").
 */
const CODE_NAMED_HEADING = /^[a-z_][\w.]*\s+(?:[Oo]bjects|Examples?)$|^[a-z_][\w.]*\(\)\s+\p{Lu}|^[a-z_]\w*(?:\.\w+)+\s+[–—]\s+\p{Lu}/u;

/**
 * "Superseded by TraversableResources" under "class importlib.resources.abc.ResourceReader", "Availability:
 * Unix" under "time.pthread_getcpuclockid(thread_id)": a note on the entry's standing or where it runs, no heading;
 * nor is "Changed in version 3.5: Added support for Windows" over the next entry, a note on its history.
 */
const STANDING_NOTE = /^(?:(?:superseded|replaced|obsoleted) by\s|availability:|(?:changed|new) in version\s|deprecated since version\s)/i;
/**
 * "If you know that your ld supports the so called" over "ELF version scripts, you can use this option…", "This is
 * the first choice and the default one" over "for GNU/Linux or *BSD.", "CLucene has contributions from many, see
 * AUTHORS": a line opening a sentence with its clause or its subject and verb, which its paragraph wraps on or
 * which is a paragraph of its own, no heading ("When to use it" is one).
 */
const OPENS_SENTENCE =
  /^(?:(?:If|When|Unless|Although|Because|Since|While|Whereas)\s+(?:you|we|it|they|the|a|an|this|your|there|one)\s|(?:This|That|It|There)\s+(?:is|was)\s|These\s+are\s|[\p{Lu}][\p{L}\p{N}+-]*\s+has\s+\p{Ll}+\s)/u;

function isHeading(text: string, lineCount: number, width: number | undefined): boolean {
  if (
    lineCount !== 1 ||
    (TERMINAL.test(text) && !NUMBERED_HEADING.test(text)) ||
    /[,;]$/.test(text) ||
    STANDING_NOTE.test(text) ||
    JOINING_END.test(text) ||
    OPENS_SENTENCE.test(text)
  )
    return false;
  const maxWords = isShortLine(text, width) ? SHORT_HEADING_MAX_WORDS : HEADING_MAX_WORDS;
  if (wordCount(text) > maxWords || text.length > 80 || !(/^[\p{Lu}\p{N}]/u.test(text) || CODE_NAMED_HEADING.test(text))) return false;
  const labelled = /^[^:]+:\s*(.+)$/.exec(text);
  return !labelled || isTitleCase(labelled[1] ?? '');
}

/**
 * "message-id:" over "MessageIDHeader": a table's label and its value, which print set on lines of their
 * own; a single word under a single word's label is its value, no heading ("The following attributes:"
 * over "ZoneInfo.key" leads into an entry). "minor" over "The minor version number as an integer": an
 * attribute's name and its description, which a printed reference leaves without a full stop; so is
 * "International Atomic Time" under "time.CLOCK_TAI", a constant's; "Description" after "term" is a table's
 * header, a cell beside a cell.
 */
const followsLabel = (text: string, lineBefore = '') =>
  (/^\S+:$/.test(lineBefore) && !/\s/.test(text)) ||
  (/^[\p{Ll}_]\w*$/u.test(lineBefore) && (!/\s/.test(text) || !isTitleCase(text))) ||
  isConstantName(lineBefore) ||
  isDataName(lineBefore);

/** The last line with text before a line. */
function lineBefore(lines: readonly string[], index: number): string | undefined {
  let before = index - 1;
  while (before >= 0 && !(lines[before] ?? '').trim()) before -= 1;
  return lines[before]?.trim();
}

/**
 * A conjunction, an article or a preposition: no line of prose, nor a heading, ends on one ("The latest test
 * release (if any) is available at" over the address, which is no line of prose); nor on "that" ("Checks that",
 * the header of unittest's table of assert methods).
 */
const JOINING_END = /\s(?:and|or|of|the|a|an|to|with|for|in|on|by|from|at|that)$/;

/** The paragraph or list item being read, line by line, and the text's last line before it. */
type OpenBlock = { kind: 'prose' | 'bullet'; lines: string[]; after?: string; adjoins?: boolean };

/**
 * "…other packages that use the functionality of GNU gettext." over "Use" over the indented "--disable-nls": a
 * verb telling the reader to do what the code below it says, set on a line of its own right after a sentence,
 * where a plain text's heading stands apart; no heading.
 */
const LEADS_INTO_CODE = /^(?:Use|Run|Type|Enter|Execute|Try|Call)$/;
const leadsIntoCode = (open: OpenBlock, joined: string) => !!open.adjoins && TERMINAL.test(open.after ?? '') && LEADS_INTO_CODE.test(joined);

/** Whether a line continues the open paragraph or bullet (layout wrapped it) or starts a new block. */
function continuesParagraph(open: OpenBlock, rawLine: string, line: string, width: number | undefined): boolean {
  const previous = open.lines.at(-1) ?? '';
  if (LABELLED_LINE.test(line) || TERMINAL.test(previous) || NUMBERED_HEADING.test(previous) || CODE_NAMED_HEADING.test(previous)) return false;
  // "PEP 328: Imports: Multi-Line and" over "Absolute/Relative": a line ending on a word that joins it to
  // what follows (a table's cell the column wrapped) goes on below, whatever the case the next starts in.
  if (open.kind === 'prose' && JOINING_END.test(previous)) return true;
  // "Use feature detection instead of version detection" over "Inevitably you will have code…": a
  // paragraph's first line runs the text's full width, so a much shorter one without a sentence's end,
  // followed by a sentence, is a heading however many characters it has.
  if (open.kind === 'prose' && open.lines.length === 1 && isShortLine(previous, width) && /^\p{Lu}/u.test(line) && isHeading(previous, 1, width)) return false;
  // "BACK TO BASICS The named pipe, a persistent pipe" over "A named pipe is…": a printed box's label and
  // title on a line of their own; the box's text starts below them.
  // ("CUPS is a project…" is a sentence that opens with a name, not a box: a title is short.)
  if (open.lines.length === 1 && wordCount(previous) <= CALLOUT_TITLE_MAX_WORDS && opensWithCallout(previous)) return false;
  // "…server that manages newsgroups);" then "syslog: messages from…": the entries of a list in lower case, one ended by its semicolon.
  if (LOWER_LABELLED_LINE.test(line) && /[;:]$/.test(previous)) return false;
  const lowerStart = /^\p{Ll}/u.test(line);
  if (open.kind === 'bullet') return lowerStart || /^\s/.test(rawLine);
  return previous.length >= WRAPPED_LINE_MIN_CHARS || (lowerStart && !isTitleCase(previous));
}

/** Symbols that are rare in prose and common in code: brackets, operators, quotes around literals. */
const CODE_SYMBOLS = /[()[\]{}=<>*#'"_:;,./\\+-]/g;
/** A hyphen between two letters joins a compound word ("One-shot", "multi-stream"), prose's as much as code's. */
const symbolCount = (line: string) => line.replace(/(?<=\p{L})-(?=\p{L})/gu, '').match(CODE_SYMBOLS)?.length ?? 0;
const MAX_PROSE_SYMBOL_SHARE = 0.12;

/**
 * "14.4.1. Principles", "6.3 The dir() Function", an appendix's "B.1.1. Browsing the Directory Tree", or
 * "12.1.3. RAID or LVM?": a numbered heading, whose dots are no code and whose question mark ends no sentence.
 */
const NUMBERED_HEADING = /^(?:\d+|\p{Lu})(?:\.\d+)+\.?\s+\p{Lu}[\p{L}\s,:'’-]*\??$/u;

const MAX_HEADING_TAIL_WORDS = 3;
/** "3.1. An overview of the boot strap" over "process": the rest of a numbered heading the printed column wrapped. */
const wrapsNumberedHeading = (heading: string, line: string) =>
  NUMBERED_HEADING.test(heading) && /^\p{Ll}/u.test(line) && wordCount(line) <= MAX_HEADING_TAIL_WORDS && NUMBERED_HEADING.test(`${heading} ${line}`);

/** Words a paragraph of prose has at least, where a line of code has a statement's few. */
const PROSE_PARAGRAPH_WORDS = 20;

/**
 * A paragraph that names a call or an index in passing ("…documented in the hosts_access(5) manual
 * page…", "its own name (argv[0] in C).") is prose all the same: many words, few symbols, a full stop.
 */
function isProseParagraph(line: string, symbols: number): boolean {
  // A row of cells ("SIGILL | Sent to a process to notify…") is no paragraph, however long; a bar in
  // brackets ("using logical-or (LOG_INFO | LOG_USER)") is an expression the sentence shows.
  return (
    !line.replace(/\([^()]*\)/g, '').includes(' | ') &&
    wordCount(line) >= PROSE_PARAGRAPH_WORDS &&
    symbols / line.length <= MAX_PROSE_SYMBOL_SHARE &&
    TERMINAL.test(line)
  );
}

/** "from selectors import DefaultSelector, EVENT_READ", "import signal": a Python import, whose comma makes no table. */
const IMPORT_STATEMENT = /^(?:from\s+[\w.]+\s+)?import\s+[\w.*]+(?:\s+as\s+\w+)?(?:\s*,\s*[\w.]+(?:\s+as\s+\w+)?)*$/;

/**
 * "--tags: Do not use branch names, but only tags to name the commits", "-d, --delete: Delete existing
 * replace refs…": a manual page's option as its definition list reads, the option a name and what follows
 * the colon a sentence that says what it does.
 */
const OPTION_ITEM = /^--?[\p{L}\d][\p{L}\d-]*(?:,\s*--?[\p{L}\d][\p{L}\d-]*)*(?:[=\s][^:]*)?:\s+(?=\p{Lu})/u;

/** A prompt or continuation line, a line with code tokens, or one dense in symbols and short on words. */
function isCodeLine(line: string): boolean {
  if (NUMBERED_HEADING.test(line) || CODE_NAMED_HEADING.test(line)) return false;
  const option = OPTION_ITEM.exec(line)?.[0];
  if (option !== undefined) return isCodeLine(line.slice(option.length));
  if (/^(?:>>>|\.\.\.|\$|#|\/\/)\s/.test(line) || IMPORT_STATEMENT.test(line)) return true;
  // "See https://savannah.gnu.org/git/?group=findutils for instructions on": an address a line of prose links to is no code.
  const linked = line.replace(WEB_ADDRESS, 'link');
  if (linked !== line && readsAsProse(line)) return isCodeLine(linked);
  const symbols = symbolCount(line);
  if (looksLikeCode(line)) return !isProseParagraph(line, symbols) && !namesCallsOnly(line) && !namesOptionsOnly(line);
  return symbols / line.length > MAX_PROSE_SYMBOL_SHARE && !TERMINAL.test(line);
}

/**
 * "Load a plist from a bytes object. See load() for an explanation of the keyword arguments.": a sentence
 * that names a function by its bare call, and has no other code in it, is prose however short.
 */
function namesCallsOnly(line: string): boolean {
  const rest = line.replace(/[\p{L}_][\w.]*\(\)/gu, 'it');
  return /^\p{Lu}/u.test(line) && TERMINAL.test(line) && !looksLikeCode(rest) && readsAsProse(rest);
}

/**
 * "Validates the GPG signature created by git commit -S.": a short sentence that names a command's
 * option, and has no other code in it, is prose too.
 */
function namesOptionsOnly(line: string): boolean {
  const rest = line.replace(/(?<=\s)--?[\p{L}\d][\p{L}\d-]*/gu, 'it');
  return rest !== line && /^\p{Lu}/u.test(line) && TERMINAL.test(line) && !looksLikeCode(rest) && readsAsProse(rest);
}

/** Words a wrapped line of a sentence has at least, where a line of code has a statement's few. */
const WRAPPED_SENTENCE_WORDS = 5;

/**
 * "Note: This class does not transparently handle inputs containing multiple compressed" over "streams,
 * unlike decompress() and BZ2File . If you need…": a line in lower case, of many words and few symbols,
 * after a line of prose without a sentence's end is that sentence wrapped, whatever call it names.
 */
function wrapsSentence(open: OpenBlock | undefined, line: string): boolean {
  const previous = open?.lines.at(-1);
  return previous !== undefined && !TERMINAL.test(previous) && /^\p{Ll}/u.test(line) && readsAsProse(line);
}

/**
 * Many words and few symbols: a line of a sentence, whatever call it names or address it links to ("should be
 * logged at https://savannah.gnu.org/bugs/?group=findutils.", whose query is no code).
 */
const readsAsProse = (line: string) => {
  const linked = line.replace(WEB_ADDRESS, 'link');
  return wordCount(linked) >= WRAPPED_SENTENCE_WORDS && symbolCount(linked) / linked.length <= MAX_PROSE_SYMBOL_SHARE;
};
const WEB_ADDRESS = /\b(?:https?|ftp):\/\/\S+?(?=[.,;:)]?(?:\s|$))/g;

/**
 * "BZ2File provides all of the members specified by the io.BufferedIOBase , except for detach()": on a
 * printed page, a line running the column's full width, opening with a capital, of many words and few
 * symbols, is the first line of a paragraph whatever call it names; a printed example's lines are short.
 */
function isFullProseLine(line: string, width: number | undefined): boolean {
  return width !== undefined && !isShortLine(line, width) && /^\p{Lu}/u.test(line) && readsAsProse(line);
}

const SHELL_PROMPT = /^\$\s/;
/** One or two words without a sentence's end or a heading's number: a name a listing prints. */
const isListedWord = (line: string) => wordCount(line) <= 2 && !TERMINAL.test(line) && !NUMBERED_HEADING.test(line);

/** "154 May 6 10:43 .", "18 Jul 10 2008 Fedora": a long listing's size, date and name, which a name may end with a stop. */
const LISTED_FILE = /^\d+\s+\p{Lu}\p{Ll}{2}\s+\d{1,2}\s+(?:\d{1,2}:\d{2}|\d{4})\s+\S+$/u;

/**
 * Console output under code: a traceback, an error message, a printed value, the interpreter's "..."
 * prompt alone on its line (a printed page drops what followed it); not a sentence.
 */
const isOutputLine = (line: string) =>
  /^(?:Traceback|File\s+"|\w+(?:Error|Exception|Warning)\b|\.\.\.$)/.test(line) || LISTED_FILE.test(line) || (line.length < 80 && !TERMINAL.test(line));

/** "rules, andDownload", "on theDownload", "Download thefile,": the button's first word run into the text. */
const GLUED_BUTTON = /(?<=\p{L}|[,.;:])Download$|^Download\s+the(?=\p{L})/u;
const BUTTON_WORDS_SPAN = 4;

/**
 * A printed page's floating "Download the ebook" button lies over the text, and where its words fall
 * inside a paragraph's lines they come out among the paragraph's ("a modular set of rules, andDownload /
 * its installation / the detects / ebook and enables"): after a "Download" run into a line, the next
 * "the" and "ebook" opening a line within a few lines are the button's, and go. The button on lines of
 * its own is left to the segmentation.
 */
function withoutGluedButton(lines: readonly string[]): string[] {
  const kept = [...lines];
  for (let index = 0; index < kept.length; index += 1) {
    const line = (kept[index] ?? '').trim();
    if (!GLUED_BUTTON.test(line)) continue;
    kept[index] = line.replace(GLUED_BUTTON, '');
    // "Download thefile," took its "the" along.
    const words = line.startsWith('Download') ? ['ebook'] : ['the', 'ebook'];
    for (let next = index + 1; next < kept.length && next <= index + BUTTON_WORDS_SPAN && words.length > 0; next += 1) {
      let text = (kept[next] ?? '').trim();
      for (let word = words[0]; word !== undefined && (text === word || text.startsWith(`${word} `)); word = words[0]) {
        text = text.slice(word.length).trimStart();
        words.shift();
        kept[next] = text;
      }
      // "very popularthe": the button's "the" run onto the end of a word, which is a word without it.
      const runOn = words[0] === 'the' ? /(\p{L}+)the$/u.exec(text)?.[1] : undefined;
      if (runOn && zipf(runOn) > zipf(`${runOn}the`)) {
        kept[next] = text.slice(0, -'the'.length);
        words.shift();
      }
    }
  }
  // A line that held only the button's words goes; blank lines, which end paragraphs, stay.
  return kept.filter((line, index) => line !== '' || (lines[index] ?? '').trim() === '');
}

/** The button's last word where it fell: alone, opening a line, or run onto a word before it ("theebook"). */
const BUTTON_LAST_WORD = /^ebook$|^ebook\s|(?<=\p{L})ebook$/u;

/**
 * "A security audit is … reading Download / and analyzing / theebook / source code … potential / the /
 * security vulnerabilities", "levels ofthe / obviousness / Download / ebook depending…": the button's
 * words scattered over a paragraph's lines, "Download" ending a line or alone on one, "ebook" after it,
 * and its "the" alone on a line or run onto a word near it ("ofthe", "thethe"). Found from the "ebook"
 * with a "Download" a few lines before it, all three go.
 */
function withoutScatteredButton(lines: readonly string[]): string[] {
  const kept = [...lines];
  const at = (index: number) => (kept[index] ?? '').trim();
  for (let last = 0; last < kept.length; last += 1) {
    if (!BUTTON_LAST_WORD.test(at(last))) continue;
    let download = last - 1;
    while (download >= Math.max(0, last - BUTTON_WORDS_SPAN) && !/(?:^|\s)Download$/.test(at(download))) download -= 1;
    if (download < Math.max(0, last - BUTTON_WORDS_SPAN)) continue;
    kept[download] = at(download).replace(/\s*Download$/, '');
    // Nearest the "Download" first; before "ebook" is cut, so that "theebook" leaves its own "the".
    const near = Array.from({ length: 2 * BUTTON_WORDS_SPAN }, (_, step) => download + (step % 2 === 0 ? step / 2 + 1 : -(step + 1) / 2));
    for (const index of near) {
      const text = at(index);
      // "ofthe", "thethe" at a line's end; "theand" at its start: a word that is more of a word without it.
      const before = /(\p{L}+)the$/u.exec(text)?.[1];
      const after = /^the(\p{L}+)/u.exec(text)?.[1];
      if (index === last) continue;
      if (text === 'the') kept[index] = '';
      else if (before && zipf(before) > zipf(`${before}the`)) kept[index] = text.slice(0, -'the'.length);
      else if (after && zipf(after) > zipf(`the${after}`)) kept[index] = text.slice('the'.length);
      else continue;
      break;
    }
    kept[last] = at(last).replace(/^ebook\s*|ebook$/u, '');
  }
  return kept.filter((line, index) => line !== '' || (lines[index] ?? '').trim() === '');
}

/** "(Windows version) ", "(Unix only) ": what a description opens with to say which of an entry's variants it is. */
const VARIANT = /^\([\p{Lu}][^()]{0,30}\)\s+/u;

/**
 * "An object that wraps OS processes created by the create_subprocess_exec() and": the first line of a
 * description, which names a call in passing and goes on on the next line, is prose for all its "()".
 */
const withoutBareCalls = (line: string) => line.replace(/[\p{L}_][\w.]*\(\)/gu, 'it');
/** A line that opens a description as a reference writes one: capitalised, and prose. */
const opensDescription = (line: string) => /^\p{Lu}/u.test(line) && !isCodeLine(withoutBareCalls(line));

const INSTANCE_CALL = /^(?:self|cls)\./;
/** "file.write('Spam and eggs!')": a value passed where a signature names a parameter (a default follows "="). */
const LITERAL_ARGUMENT = /[(,]\s*(?:['"‘“]|\d)/u;

/** What a reference prints before a signature to say what it is ("class queue.Queue(maxsize=0)"). */
const ENTRY_LABEL = /^(?:(?:class|exception|classmethod|staticmethod|abstractmethod|async|coroutine|awaitable|method|function)\s+|@)/;

/**
 * "heapq.heappush(heap, item)" over "Push the value item onto the heap…": a printed API reference's
 * entry, its signature on a line of its own over the text that describes it, heads a section as the
 * web page's entry does (a line of example code is followed by code, not by a sentence). Only a dotted
 * name is taken: "fib(2000)" alone on a line is a call in an example.
 */
function entryHeading(line: string, next: string, afterBlank: boolean): string | undefined {
  const signature = entrySignature(line);
  // "self.post_setup(context)" in the listing of a method's body: a call on the instance, no entry; nor is an
  // example's call with its values ("file.write('Spam and eggs!')").
  if (signature !== undefined && (INSTANCE_CALL.test(signature) || LITERAL_ARGUMENT.test(signature))) return undefined;
  // A converted document sets the signature apart as a paragraph of its own: a blank line before the
  // text is then no sign of a call in an example only if the signature declares its parameters, or is
  // no code at all ("class numbers.Complex", a class labelled without parameters).
  if (afterBlank && !declaresParameters(line) && !DECORATOR.test(line.trim()) && !LABELLED_CLASS.test(line.trim()) && !describedCall(line, next))
    return undefined;
  if (signature === undefined) return undefined;
  // "class test.support.Matcher" over "matches(self, d, **kwargs)": a class without a description of its own heads its methods.
  if (LABELLED_CLASS.test(line.trim()) && isBareMethod(next)) return signature;
  // "(Unix version) Maps length bytes…": a description may open with which variant of the entry it is.
  return /^\p{Lu}/u.test(next.replace(VARIANT, '')) && !isCodeLine(withoutBareCalls(next)) ? signature : undefined;
}

/**
 * "grp.getgrall()" over "Return a list of all available group entries…": a module's function that takes
 * nothing, named in full and followed by what it does, in the reference's way ("Return…", "Returns…");
 * "o.do_something_useful()" over "Using a separate test…" is an example's call.
 */
function describedCall(line: string, next: string): boolean {
  const verb = /^(\p{Lu}\p{Ll}+)\s/u.exec(next)?.[1]?.toLowerCase() ?? '';
  return /^[\p{L}_]\w+(?:\.\w+)+\(\)$/u.test(line.trim()) && verb !== '' && !verb.endsWith('ing') && [verb, verb.replace(/s$/, '')].some(readsAsVerb);
}

/** "class array.array(typecode[, initializer])", "queue.Queue(maxsize=0)": an entry for a class, by the name its methods are printed under. */
function classOf(line: string, entry: string): string | undefined {
  const name = entry.replace(/\(.*$/s, '').split('.').at(-1) ?? '';
  return /^(?:class|exception)\s/.test(line.trim()) || /^\p{Lu}/u.test(name) ? name : undefined;
}

/** A constant on a line of its own over what it is ("Can be passed to the stdin…") heads its entry, as a signature does. */
function constantHeading(line: string, next: string): string | undefined {
  return isConstantName(line) && opensDescription(next) ? line : undefined;
}

/** A description's first line: a word in capitals, then words ("The mathematical constant π = 3.141592…", "True if arbitrary…"). */
const DESCRIPTION_OPENING = /^\p{Lu}\p{Ll}*\s+\S+\s+\p{L}/u;

/**
 * "math.pi" over "The mathematical constant π = 3.141592…", "mimetypes.types_map" over "Dictionary
 * mapping filename extensions…": data of a module or object whose entries the page has already headed
 * ("math.ceil(x)", "xmlparser.Parse(data)") heads its own entry, though its description's symbols read as
 * code; a name in lower case of anything else is a line of an example.
 */
function dataHeading(line: string, next: string, owners: ReadonlySet<string>): string | undefined {
  return isDataName(line) && owners.has(ownerOf(line)) && DESCRIPTION_OPENING.test(next) ? line : undefined;
}

/** "math.ceil(x)" → "math", "xmlparser.buffer_size" → "xmlparser": what an entry's name is a member of. */
const ownerOf = (entry: string) => entry.replace(/\(.*$/s, '').split('.').slice(0, -1).join('.');

/** The class a line heads the entry of, when it does. */
export function classEntryName(line: string): string | undefined {
  const entry = entrySignature(line);
  return entry === undefined ? undefined : classOf(line, entry);
}

/**
 * "append(x)", "buffer_info()": a method as a printed class lists it, by its bare name in lower case with
 * the parameters it declares; "fib(2000)" passes values and "NormalDist(mu=41.0, sigma=4.5)" makes an
 * instance, calls in an example.
 */
export function isBareMethod(line: string): boolean {
  const text = line.trim().replace(ENTRY_LABEL, '');
  if (!/^[\p{Ll}_]\w*\(/u.test(text) || !isSignature(text)) return false;
  const parameters = /\((.*)\)$/su.exec(text)?.[1]?.replace(/[[\]]/g, '') ?? '';
  return parameters.trim() === '' || parameters.split(',').every((parameter) => PARAMETER.test(parameter));
}

/**
 * "append(x)" over "Append a new item…" after "class array.array(…)": a printed reference sets a class's
 * methods under it without the class's name, as the web page prints them; the heading names the method
 * with its class ("array.append(x)"), as the web page's permalink does.
 */
function methodHeading(line: string, next: string, className: string | undefined): string | undefined {
  if (className === undefined || !isBareMethod(line) || !opensDescription(next)) return undefined;
  return `${className}.${line.trim().replace(ENTRY_LABEL, '')}`;
}

/**
 * "const char *name", "PyObject *const *args", "Py_ssize_t len", "...", "void": a parameter as a C
 * declaration declares it, its type before its name.
 */
const C_PARAMETER = /^\s*(?:\.\.\.|void|(?:(?:const|unsigned|signed|struct)\s+)*[\p{L}_]\w*(?:\s*\*+\s*(?:const\s*\**\s*)?|\s+)[\p{L}_]\w*(?:\[\])?)\s*$/u;
/** "PyObject *PyObject_Call(", "int PyByteArray_Check(": a C function's declaration up to its parameters, its name captured. */
const C_DECLARATION_OPENING = /^(?:(?:const|unsigned|signed|struct)\s+)*[\p{L}_]\w*(?:\s*\*+\s*|\s+)([\p{L}_]\w*)\(/u;
/** "type PyByteArrayObject", "PyTypeObject PyByteArray_Type": a C type, and a variable of a type the reference names in capitals. */
const C_TYPE_OR_VARIABLE = /^(?:type\s+([\p{L}_]\w*)|\p{Lu}\w*\p{Lu}\w*\s+\**([\p{L}_]\w*_\w*))$/u;

/**
 * "PyObject *PyObject_Call(PyObject *callable, PyObject *args, PyObject *kwargs)" over "Call a callable
 * Python object…": a printed C API reference's function, its declaration on a line of its own over the
 * text that describes it, heads its entry by the name the web page's entry gives it ("PyObject_Call()");
 * so do a type ("type PyByteArrayObject") and a variable ("PyTypeObject PyByteArray_Type").
 */
function cDeclarationHeading(line: string, next: string): string | undefined {
  return opensDescription(next) ? cDeclaredName(line) : undefined;
}

/** "PyObject_Call()" for "PyObject *PyObject_Call(PyObject *callable, …)", "PyByteArrayObject" for "type PyByteArrayObject": what a line of C declares. */
export function cDeclaredName(line: string): string | undefined {
  const text = line.trim();
  const typed = C_TYPE_OR_VARIABLE.exec(text);
  if (typed) return typed[1] ?? typed[2];
  const name = C_DECLARATION_OPENING.exec(text)?.[1];
  const parameters = /\((.*)\)$/su.exec(text)?.[1]?.split(',');
  if (name === undefined || parameters === undefined) return undefined;
  const declared =
    parameters.every((parameter) => C_PARAMETER.test(parameter)) || (isCApiName(name) && parameters.every((parameter) => MACRO_PARAMETER.test(parameter)));
  return declared ? `${name}()` : undefined;
}
/**
 * "int PyWeakref_Check(ob)": a macro the reference declares with its result's type but names its
 * parameters bare; only a name in the API's own style ("Py…_…") is taken for one, since a line of prose can
 * read "word word(x)".
 */
const MACRO_PARAMETER = /^\s*[\p{Ll}_]\w*\s*$/u;

/** Lines a signature's parameters may wrap onto in print. */
const MAX_SIGNATURE_LINES = 3;
const OPENS_SIGNATURE = /^[\p{L}_]\w*(?:\.\w+)+\(/u;
const openParentheses = (text: string) => (text.match(/\(/g)?.length ?? 0) - (text.match(/\)/g)?.length ?? 0);

/**
 * "class gzip.GzipFile(filename=None, mode=None, compresslevel=9, fileobj=None," over "mtime=None)": a
 * printed signature too long for its line, joined with the lines that close its parentheses. It may break
 * inside a default ("…args=(), kwargs=" over "{}, *, daemon=None)") or an optional part ("initargs[,"), and
 * once over a blank line the layout put in ("class multiprocessing.pool.Pool([processes[, …" over "maxtasksperchild[, context]]]]])").
 */
function wrappedSignature(lines: readonly string[], index: number): { text: string; end: number } | undefined {
  let text = lines[index]?.trim() ?? '';
  // "coroutine asyncio.create_subprocess_exec(program, *args, stdin=None, stdout=None," as "class …(" is labelled.
  const declaresC = C_DECLARATION_OPENING.test(text);
  const opens = OPENS_SIGNATURE.test(text.replace(ENTRY_LABEL, '')) || declaresC;
  // "int PyObject_AsCharBuffer(PyObject *obj, const char **buffer, Py_ssize_t" over "*buffer_len)": a C
  // declaration the print wrapped between a parameter's type and its name.
  const betweenTypeAndName = declaresC && /\w$/.test(text);
  if (!opens || openParentheses(text) <= 0 || !(/[,=[]$/.test(text) || betweenTypeAndName)) return undefined;
  let blanks = 0;
  for (let end = index + 1; end < Math.min(lines.length, index + MAX_SIGNATURE_LINES + blanks); end += 1) {
    const more = lines[end]?.trim() ?? '';
    if (!more) {
      if ((blanks += 1) > MAX_SIGNATURE_BLANKS) return undefined;
      continue;
    }
    text = `${text}${/[[(=]$/.test(text) ? '' : ' '}${more}`;
    if (openParentheses(text) === 0) return betweenTypeAndName && cDeclaredName(text) === undefined ? undefined : { text, end };
  }
  return undefined;
}
const MAX_SIGNATURE_BLANKS = 1;

/**
 * "data", "*args", "block=True", "/", "_subtype", "**_params": a parameter as a signature declares it, named
 * in lower case, with its default; "excludes=[]" keeps no default once the brackets of optional parameters are gone.
 * A name in capitals declares a parameter only with its default ("Emin=None" of decimal.Context).
 */
const PARAMETER = /^\s*(?:\*{0,2}_*(?:\p{Ll}[\p{L}\p{N}_]*|\p{Lu}[\p{L}\p{N}_]*(?=\s*=))(?:\s*=\s*[^,]*)?|\/|\*)\s*$/u;

/**
 * "statistics.mean(data)", "Queue.put(item, block=True, timeout=None)": a dotted signature on a line of its
 * own that declares parameters; an example call passes values ("stdscr.keypad(True)", "init_pair(1, …)",
 * "basicConfig(filename='example.log')") or nothing ("curses.noecho()").
 */
export function declaresParameters(line: string): boolean {
  const signature = line.trim().includes('\n') ? undefined : entrySignature(line);
  const parameters = /\((.*)\)\s*$/su.exec(signature ?? '')?.[1]?.replace(/[[\]]/g, '');
  return parameters !== undefined && parameters.trim() !== '' && parameters.split(',').every((parameter) => PARAMETER.test(parameter));
}

/** "@functools.total_ordering": a decorator the reference documents, used without parentheses. */
const DECORATOR = /^@([\p{L}_]\w*(?:\.\w+)+)$/u;
/** "class bz2.BZ2Decompressor", "exception zlib.error": a class the reference documents, printed without parameters. */
const LABELLED_CLASS = /^(?:class|exception)\s+([\p{L}_]\w*(?:\.\w+)+)$/u;

/**
 * "class queue.Queue(maxsize=0)" → "queue.Queue(maxsize=0)": a line that can head a printed reference's
 * entry, a dotted signature; "@functools.singledispatch" → "functools.singledispatch()", a function too,
 * and "class bz2.BZ2Decompressor" → "bz2.BZ2Decompressor()", a class.
 */
export function entrySignature(line: string): string | undefined {
  const bare = DECORATOR.exec(line.trim())?.[1] ?? LABELLED_CLASS.exec(line.trim())?.[1];
  if (bare) return `${bare}()`;
  const signature = line.trim().replace(ENTRY_LABEL, '');
  return isSignature(signature) && /^[^(]*\./.test(signature) ? signature : undefined;
}

const MAX_CELL_WORDS = 4;
const MAX_HEADER_CELL_WORDS = 8;
const MIN_CELL_RUN = 6;
/** A table going on from the page before repeats its header at the top ("Directive", "Meaning", "%%", …): fewer cells tell it there. */
const MIN_TOP_CELL_RUN = 4;
/**
 * A printed table read without its layout comes out a cell to a paragraph ("Character", "Byte order",
 * "Size", "Alignment", "@", "native", …): six or more short one-line paragraphs in a row are such cells,
 * no headings and no sentences; so is a longer line among them, a header the layout printed in their
 * flow ("Python type Standard size Notes", "Minimum size in bytes Notes"), or a cell that is a short
 * sentence ("%a", "Locale's abbreviated weekday name.").
 */
function tableCellLines(lines: readonly string[]): Set<number> {
  const cells = new Set<number>();
  let run: number[] = [];
  let short = 0;
  const top = lines.findIndex((line) => line.trim() !== '');
  const endRun = () => {
    if (short >= (run[0] === top ? MIN_TOP_CELL_RUN : MIN_CELL_RUN)) for (const index of run) cells.add(index);
    run = [];
    short = 0;
  };
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]?.trim() ?? '';
    if (!line) continue;
    const before = lines[index - 1]?.trim() ?? '';
    // The first cell may follow the sentence that announces the table without a blank line between.
    const alone = !lines[index + 1]?.trim() && (!before || (run.length === 0 && /[.!?:]$/.test(before) && /^\p{Lu}/u.test(line)));
    const words = wordCount(line);
    if (alone && words <= MAX_HEADER_CELL_WORDS && !BULLET.test(line)) {
      run.push(index);
      if (words <= MAX_CELL_WORDS && !TERMINAL.test(line)) short += 1;
    } else endRun();
  }
  endRun();
  return cells;
}

/**
 * "…can be used by all the various packaging", a blank line, "scripts (postinst mainly) to request…": on a
 * printed page, a line the column filled without a sentence's end goes on in lower case past a blank line
 * the layout left (a link's box, a change of font): one paragraph still.
 */
function goesOnAfterBlank(open: OpenBlock | undefined, lines: readonly string[], index: number, width: number | undefined): boolean {
  const last = open?.kind === 'prose' ? open.lines.at(-1) : undefined;
  if (last === undefined || TERMINAL.test(last) || /[:;,]$/.test(last) || width === undefined || isShortLine(last, width)) return false;
  let next = index + 1;
  while (next < lines.length && !(lines[next] ?? '').trim()) next += 1;
  const following = (lines[next] ?? '').trim();
  return /^\p{Ll}/u.test(following) && readsAsProse(following);
}

/** "Module: email.mime.base": the line a reference prints under a class's signature to say which module holds it, no text of the entry. */
const MODULE_NOTE = /^\s*Module:\s+[\p{L}_][\w.]*\s*$/u;
/**
 * "Return value: New reference. Part of the Stable ABI.": what a C API reference prints under a function's
 * declaration about the reference it returns and its standing, before what the function does (the web
 * page marks both as such, and they are dropped there).
 */
const C_API_NOTE_LINE = /^\s*(?:Return value: (?:New|Borrowed) reference\.\s*)?(?:Part of the Stable ABI(?: since version [\d.]+)?\.)?\s*$/;
const isCApiNote = (line: string) => line.trim() !== '' && C_API_NOTE_LINE.test(line);

/**
 * `permissive`: the entry is a sheet, so comma-separated lines are rows even with long cells;
 * `printed`: the text of a printed page, whose lines a layout wrapped at the column's width;
 * `continuation`: the first line of the page after it, where an entry that ends the page goes on;
 * `before`: what the page before left (its class, its entries' owners).
 */
export function segmentText(text: string, permissive: boolean, printed = false, continuation = '', before: PageBefore = {}): SegmentedText {
  // "Source code: Lib/concurrent/futures/thread.py and …" printed over the page's first sentence would run into it.
  const lines = withoutScatteredButton(
    withoutGluedButton(text.split(/\r?\n/).filter((line) => !MODULE_NOTE.test(line) && !isCApiNote(line) && !isSourceLink(line))),
  );
  const width = permissive ? undefined : lineWidth(lines);
  const questions = permissive ? new Set<string>() : questionHeadings(lines);
  const cells = printed && !permissive ? tableCellLines(lines) : new Set<number>();
  const blocks: TextBlock[] = [];
  const tables: RawTable[] = [];
  const code: string[] = [];
  let open: OpenBlock | undefined;
  /** The line before was code: what follows without a blank line is its output, unless it reads as prose. */
  let afterCode = false;
  /**
   * Since the last prose, a shell prompt ("$ ls") was seen: a printed listing's columns come out one word
   * to a line with blank lines between them ("Templates", "Videos"), and stay output across the blanks.
   */
  let inConsole = false;
  /** Lines after a "Download" button in which the rest of its label ("the ebook") may still come. */
  let buttonLines = 0;
  /** The class whose entry was the last heading: its methods may follow under their bare names. */
  let className = before.className;
  /** The line before headed an entry: this one opens its description. */
  let afterEntry = false;
  /** What the entries so far are members of ("math", "xmlparser"): its data may head entries too. */
  const owners = new Set(before.owners);

  const close = () => {
    if (!open) return;
    const joined = collapseWhitespace(open.lines.join(' '));
    const heading =
      open.kind === 'prose' &&
      !followsLabel(joined, open.after) &&
      !(!printed && leadsIntoCode(open, joined)) &&
      (isHeading(joined, open.lines.length, width) || (open.lines.length === 1 && questions.has(joined)));
    if (joined) blocks.push({ kind: heading ? 'heading' : open.kind, text: joined });
    // "The following methods are overridden from the base class implementation:" leads into the class's methods,
    // and a "Note" boxed inside the class's description ends nothing.
    if (heading && !joined.endsWith(':') && !isAdmonition(joined)) className = undefined;
    open = undefined;
  };

  for (let index = 0; index < lines.length; index += 1) {
    const raw = lines[index] ?? '';
    const line = raw.trim();
    if (!line && printed && goesOnAfterBlank(open, lines, index, width)) continue;
    if (!line || PAGE_NOISE.test(line) || cells.has(index)) {
      close();
      // A number alone under code is what the code printed ("1", "4"), no page's number: its output goes on.
      if (!line) afterCode = false;
      continue;
    }
    // A printed page's floating "Download the ebook" button, alone on its line or broken over two, lies
    // over the text: the paragraph it interrupts goes on after it.
    if (DOWNLOAD_BUTTON.test(line)) {
      buttonLines = DOWNLOAD_BUTTON_SPAN;
      continue;
    }
    if (buttonLines > 0) {
      buttonLines -= 1;
      if (DOWNLOAD_BUTTON_TAIL.test(line)) continue;
    }
    // "Author:" / "Andrew Dalke and Raymond Hettinger", "Release: 0.1": the document's metadata, no
    // heading and no fact; a label alone on its line takes the next line as its value.
    const metadata = METADATA_LINE.exec(line);
    // "Release: A version of the software made available" is a glossary's entry, not metadata.
    if (metadata && (!metadata[1] || (!TERMINAL.test(metadata[1]) && wordCount(metadata[1]) <= METADATA_MAX_WORDS))) {
      close();
      if (!metadata[1]) while (index + 1 < lines.length && !(lines[index + 1] ?? '').trim()) index += 1;
      if (!metadata[1]) index += 1;
      continue;
    }
    const signature = wrappedSignature(lines, index) ?? { text: line, end: index };
    let following = signature.end + 1;
    while (following < lines.length && !(lines[following] ?? '').trim()) following += 1;
    // "class bz2.BZ2Compressor(compresslevel=9)" last on its page: its description opens the next one.
    const next = following < lines.length ? (lines[following]?.trim() ?? '') : continuation;
    const dotted = entryHeading(signature.text, next, following > signature.end + 1);
    const entry =
      dotted ??
      methodHeading(signature.text, next, className) ??
      constantHeading(line, next) ??
      dataHeading(line, next, owners) ??
      cDeclarationHeading(signature.text, next);
    if (entry) {
      close();
      if (dotted) className = classOf(signature.text, dotted);
      owners.add(ownerOf(entry));
      blocks.push({ kind: 'heading', text: entry });
      afterCode = false;
      afterEntry = true;
      index = signature.end;
      continue;
    }
    // "The mathematical constant π = 3.141592…, to available precision." under "math.pi": its symbols are the value it describes.
    const describesEntry = afterEntry && DESCRIPTION_OPENING.test(line);
    afterEntry = false;
    // Text without typed blocks (a PDF read by pdftotext, plain text) still holds its code and console
    // lines: they are no prose to draw facts or options from.
    const codeLine = isCodeLine(line) && !describesEntry && !wrapsSentence(open, line) && !(printed && isFullProseLine(line, width));
    if (!permissive && (codeLine || (afterCode && isOutputLine(line)) || (inConsole && isListedWord(line)))) {
      close();
      code.push(line);
      afterCode = true;
      inConsole ||= SHELL_PROMPT.test(line);
      continue;
    }
    afterCode = false;
    inConsole = false;
    const table = keyValueTableAt(lines, index) ?? delimitedTableAt(lines, index, permissive);
    if (table) {
      close();
      tables.push(table.table);
      index += table.lines - 1;
      continue;
    }
    const bullet = BULLET.exec(raw);
    const unlabelled = bullet ? raw.slice(bullet[0].length) : line;
    const content = unlabelled.replace(LAYOUT_LABEL, '').trim();
    if (!content) continue;
    const startsAfresh = bullet !== null || content !== unlabelled.trim();
    if (open?.lines.length === 1 && !startsAfresh && wrapsNumberedHeading(open.lines[0] ?? '', content)) {
      open.lines[0] = `${open.lines[0]} ${content}`;
      continue;
    }
    if (open && !startsAfresh && continuesParagraph(open, raw, content, width)) {
      open.lines.push(content);
      continue;
    }
    close();
    open = { kind: bullet ? 'bullet' : 'prose', lines: [content], after: lineBefore(lines, index), adjoins: !!lines[index - 1]?.trim() };
  }
  close();
  return { blocks, tables, code, className, owners };
}
