import { parseHTML } from 'linkedom';
import type { ContentBlock, ExtractedContent, OutlineEntry } from '../../domain/learning-content.ts';

// HTML as a document: DOCX (through mammoth), HTML files and EPUB chapters, and OpenDocument (turned
// into HTML) are all read here. A `section` per heading; lists as "- item" lines indented by level,
// tables as "cell | cell" rows; every stretch labelled as a typed block (heading, prose, list item,
// definition, table, code, caption, boilerplate) for the generators. Nothing is executed: linkedom
// builds a DOM without running scripts, which are dropped with styles and the page's chrome.

/** `continued`: the rest of a section after a reference's entries, under the same title (printed once). */
export type Section = { title?: string; continued?: boolean; blocks: string[]; typed: ContentBlock[]; emphasis?: string[] };
type Element = ReturnType<typeof parseHTML>['document']['body'];
type ChildNode = { nodeType: number; nodeValue: string | null };

const MAX_SPAN = 64;
const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

const tagOf = (node: Element) => node.tagName.toLowerCase();
const childElements = (node: Element) => Array.from(node.children) as Element[];
const isList = (node: Element) => tagOf(node) === 'ul' || tagOf(node) === 'ol';
const oneLine = (text: string) => text.replace(/\n/g, ' ');

function rawText(node: Element, skip: (child: Element) => boolean): string {
  return rawTextOf(Array.from(node.childNodes) as ChildNode[], skip);
}

function rawTextOf(nodes: readonly ChildNode[], skip: (child: Element) => boolean): string {
  let text = '';
  for (const child of nodes) {
    // Line breaks inside a text node are the HTML source's wrapping, not the document's: only <br> and
    // paragraphs break lines, so inline code between two wrapped lines stays inside its sentence.
    if (child.nodeType === TEXT_NODE) text += (child.nodeValue ?? '').replace(/\s+/g, ' ');
    else if (child.nodeType === ELEMENT_NODE) {
      const element = child as unknown as Element;
      const tag = tagOf(element);
      if (tag === 'br') text += '\n';
      else if (tag === 'a' && /^#(footnote|endnote|comment)-ref-/.test(element.getAttribute('href') ?? '')) continue;
      else if (isPermalink(element)) continue;
      else if (!skip(element)) text += (tag === 'p' ? '\n' : '') + rawText(element, skip);
    }
  }
  return text;
}

const tidyLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');

/** Text of inline content: a <br> or a new paragraph is a line break, footnote back-links ("↑") are left out. */
const inlineText = (node: Element, skip: (child: Element) => boolean = () => false): string => tidyLines(rawText(node, skip));

/**
 * Elements that start a block of their own; any other element (span, acronym, a publisher's own tag)
 * flows inside a line of text.
 */
const BLOCK_TAGS = (
  'address article aside blockquote caption dd details dialog div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header ' +
  'hgroup hr li main nav ol p pre section summary table tbody td tfoot th thead tr ul'
).split(' ');
const BLOCK = new Set(BLOCK_TAGS);
const BLOCKS = BLOCK_TAGS.join(', ');
const isInline = (node: ChildNode) => {
  if (node.nodeType === TEXT_NODE) return true;
  const element = node as unknown as Element;
  const tag = node.nodeType === ELEMENT_NODE ? tagOf(element) : '';
  return tag !== '' && !BLOCK.has(tag) && !SKIPPED.has(tag) && element.querySelector(BLOCKS) === null;
};

/** What a list item holds besides its own words: nested lists, and code ("On Linux:" over a fenced command). */
const isItemBlock = (element: Element) => isList(element) || tagOf(element) === 'pre';

function listLines(list: Element, depth: number): string[] {
  const lines: string[] = [];
  for (const item of childElements(list).filter((child) => tagOf(child) === 'li')) {
    const own = oneLine(inlineText(item, isItemBlock));
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

/** The "¶" or "#" a documentation generator puts beside every heading to link to it. */
const isPermalink = (element: Element) =>
  tagOf(element) === 'a' && (/\bheaderlink\b|\banchor\b/.test(element.getAttribute('class') ?? '') || /^\s*[¶#§🔗]\s*$/u.test(element.textContent ?? ''));

/** Elements that are never the document's content: scripts, styles, and the page's chrome. */
const SKIPPED = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'svg', 'canvas', 'button', 'form', 'select', 'input', 'textarea']);
const BOILERPLATE = new Set(['nav', 'header', 'footer', 'aside']);
/** The same chrome marked by its role or, in generated documentation (Sphinx, Doxygen, DocBook), its class. */
const BOILERPLATE_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'complementary', 'search']);
const BOILERPLATE_CLASS = /(?:^|\s)(?:related|sphinxsidebar|footer|navheader|navfooter|docnav|breadcrumbs?|toc|navbar)(?:\s|$)/;
/**
 * Sphinx's notes on a C function's standing ("Part of the Stable ABI since version 3.10.") and on the
 * reference it returns ("Return value: Borrowed reference."), printed before what the function does.
 */
export const C_API_NOTES = '.stableabi, .refcount';
/**
 * A "sidebar" is a site's menu of links, or a book's box beside the text (DocBook's VOCABULARY and
 * CULTURE notes, which define terms): chrome only when it is mostly links.
 */
const SIDEBAR_CLASS = /(?:^|\s)sidebar(?:\s|$)/;
const LINK_SHARE = 0.5;
const isMenu = (node: Element) => {
  const length = (node.textContent ?? '').replace(/\s+/g, '').length;
  const linked = (Array.from(node.querySelectorAll('a')) as Element[]).reduce((sum, link) => sum + (link.textContent ?? '').replace(/\s+/g, '').length, 0);
  return length === 0 || linked >= LINK_SHARE * length;
};
/** "--no-3way": an option's negation, listed after the option a description is about. */
export const NEGATED_OPTION = /^--no-/;
const LONG_OPTION = /^--\w/;
/** "Do not keep commits that start empty…": a description that says what not to do, its negation's rather than the option's. */
export const SAYS_NOT_TO = /^(?:do not|don't|never)\b/i;
/** Publican's DocBook pages put their "Download the ebook" link in a banner marked only by its id. */
const BOILERPLATE_ID = /^(?:banner|header|footer|navigation)$/;
const isBoilerplate = (node: Element) =>
  BOILERPLATE.has(tagOf(node)) ||
  BOILERPLATE_ROLES.has(node.getAttribute('role') ?? '') ||
  BOILERPLATE_CLASS.test(node.getAttribute('class') ?? '') ||
  node.matches(C_API_NOTES) ||
  (SIDEBAR_CLASS.test(node.getAttribute('class') ?? '') && isMenu(node)) ||
  BOILERPLATE_ID.test(node.getAttribute('id') ?? '');

/**
 * A documentation generator's entry for a function, class or option (Sphinx prints
 * `<dt class="sig sig-object">` with its name, parameters and a permalink): the name it is known by,
 * "textwrap.wrap()" as in Sphinx's own contents, a member with its class ("TextWrapper.width", where the
 * page prints only "width"), "--sort-keys" for an option.
 */
const C_DOMAIN = /(?:^|\s)c(?:\s|$)/;
function referenceEntryName(dt: Element): string {
  const names = Array.from(dt.querySelectorAll('.sig-prename, .sig-name')) as Element[];
  const printed = (names.length > 0 ? names.map((element) => element.textContent ?? '').join('') : inlineText(dt)).replace(/\s+/g, ' ').trim();
  // The C domain's ids ("c.Py_INCREF") say the domain, not a module or class the name belongs to.
  const path = /^[\w.]+$/.test(dt.id) && !C_DOMAIN.test(dt.getAttribute('class') ?? '') ? dt.id.split('.') : [];
  const name = path.length >= 2 && !printed.includes('.') ? path.slice(-2).join('.') : printed;
  const callable = dt.querySelector('.sig-paren') !== null || name.includes('(');
  const bare = name.replace(/\(.*$/s, '').trim();
  return bare && callable ? `${bare}()` : bare;
}

const isReferenceEntries = (dl: Element) =>
  childElements(dl).some((child) => tagOf(child) === 'dt' && /\bsig-object\b/.test(child.getAttribute('class') ?? ''));

/** Where a reference's entries end, the section they are printed in goes on (its title in the attribute). */
const CONTINUES = 'data-continues';

/**
 * An API reference is structured by its entries, not by headings (Sphinx prints a function, class or
 * option as a `dt` and its description as a `dd`): each entry's `dt` becomes a heading one level below
 * the section it is printed in, and its description follows it, so that the description reads as the
 * document's prose and a map branches on the module's functions. With `continuation`, an element marks
 * where the entries end, so that what follows belongs to the section they are printed in again; a web
 * page is converted without it, before Readability, which drops the classes marking the entries.
 */
export function referenceEntriesAsHeadings(body: Element, { continuation = false } = {}): void {
  const document = body.ownerDocument;
  const element = (tag: string, text: string) => {
    const created = document.createElement(tag) as unknown as Element;
    created.textContent = text;
    return created;
  };
  let section = { level: 0, title: '' };
  const walk = (node: Element) => {
    for (const child of childElements(node)) {
      const tag = tagOf(child);
      if (/^h[1-6]$/.test(tag)) section = { level: Number(tag[1]), title: oneLine(inlineText(child)) };
      else if (tag === 'dl' && isReferenceEntries(child)) {
        const outer = section;
        const level = Math.min(6, outer.level + 1);
        const replacement: Element[] = [];
        for (const item of childElements(child)) {
          const name = tagOf(item) === 'dt' ? referenceEntryName(item) : '';
          if (name) {
            replacement.push(element(`h${level}`, name));
            section = { level, title: name };
          } else if (tagOf(item) === 'dd') {
            walk(item);
            replacement.push(...childElements(item));
          }
        }
        if (continuation) {
          const marker = element('div', '');
          marker.setAttribute(CONTINUES, outer.title);
          replacement.push(marker);
        }
        child.replaceWith(...replacement);
        section = outer;
      } else walk(child);
    }
  };
  walk(body);
}

/** Inline emphasis (italics, bold, a defining instance) in running text; not a link's or code's own styling. */
const EMPHASIS = 'em, i, strong, b, dfn';
const MAX_EMPHASIS_CHARS = 80;

/** The stretches of a block of text its author emphasised, one line each. */
function emphasisIn(node: Element): string[] {
  // A paragraph of inline elements is walked element by element, down to the emphasis itself.
  const own = node.matches(EMPHASIS) ? [node] : [];
  return [...own, ...(Array.from(node.querySelectorAll(EMPHASIS)) as Element[])]
    .filter((element) => !element.closest('a, code, pre, kbd, samp') && !element.querySelector('code'))
    .map((element) => oneLine(inlineText(element)).trim())
    .filter((text) => text.length > 0 && text.length <= MAX_EMPHASIS_CHARS && /\p{L}/u.test(text));
}

function sectionsOf(body: Element): Section[] {
  const sections: Section[] = [{ blocks: [], typed: [] }];
  const emphasised = (node: Element) => {
    const section = sections.at(-1) as Section;
    section.emphasis = [...(section.emphasis ?? []), ...emphasisIn(node)];
  };
  const typed = (kind: ContentBlock['kind'], text: string, extra: Partial<ContentBlock> = {}) => {
    const section = sections.at(-1) as Section;
    section.typed.push({ kind, text, ...(section.title ? { section: section.title } : {}), ...extra });
  };
  /** A block of the section's text, and its typed block (boilerplate is typed, never text). */
  const add = (kind: ContentBlock['kind'], text: string, extra: Partial<ContentBlock> = {}) => {
    if (!text) return;
    if (kind !== 'boilerplate') (sections.at(-1) as Section).blocks.push(text);
    typed(kind, text, extra);
  };
  /** A glossary entry: "Term: definition" in the section's text, so readers of the text see the term too. */
  const definition = (term: string, text: string) => {
    if (!text) return;
    (sections.at(-1) as Section).blocks.push(term ? `${term}: ${text}` : text);
    typed('definition', text, term ? { term } : {});
  };
  const visit = (node: Element) => {
    const tag = tagOf(node);
    if (SKIPPED.has(tag)) return;
    if (isBoilerplate(node)) return add('boilerplate', oneLine(inlineText(node)));
    const continues = node.getAttribute(CONTINUES);
    if (continues !== null) sections.push({ ...(continues ? { title: continues } : {}), continued: true, blocks: [], typed: [] });
    else if (/^h[1-6]$/.test(tag)) {
      const title = oneLine(inlineText(node));
      if (title) sections.push({ title, blocks: [], typed: [{ kind: 'heading', text: title, level: Number(tag[1]), section: title }] });
    } else if (isList(node)) {
      const lines = listLines(node, 0);
      if (lines.length === 0) return;
      emphasised(node);
      (sections.at(-1) as Section).blocks.push(lines.join('\n'));
      for (const line of lines) typed('listItem', line.trim().replace(/^- /, ''));
      for (const code of Array.from(node.querySelectorAll('pre')) as Element[]) add('code', (code.textContent ?? '').replace(/\s+$/, ''));
    } else if (tag === 'table') add('table', tableLines(node).join('\n'));
    else if (tag === 'pre') add('code', (node.textContent ?? '').replace(/\s+$/, ''));
    else if (tag === 'dl') {
      emphasised(node);
      let term = '';
      let negation = '';
      let named = false;
      /** Long options named over the description, their negations left out. */
      const options = new Set<string>();
      for (const child of childElements(node)) {
        if (tagOf(child) === 'dt') {
          const name = oneLine(inlineText(child));
          if (!named) {
            options.clear();
            negation = '';
          }
          // "--3way" then "--no-3way" over one description: it describes the option, which its negation only undoes.
          if (!named || !NEGATED_OPTION.test(name) || NEGATED_OPTION.test(term)) term = name;
          if (NEGATED_OPTION.test(name)) negation ||= name;
          if (LONG_OPTION.test(name) && !NEGATED_OPTION.test(name)) options.add(name.replace(/[=[\s].*$/, ''));
          named = true;
        } else if (tagOf(child) === 'dd') {
          // "The <mode> must be one of the following:" over "--soft", "--mixed", …: a list set in a description is
          // a list of its own, each of its terms with its text, not words run into the description; under an
          // option ("--dirstat" over "changes", "lines", "files") it lists the option's values, part of its text.
          const nested = /^-/.test(term)
            ? []
            : (Array.from(child.querySelectorAll('dl')) as Element[]).filter((list) => list.parentElement?.closest('dl') === node);
          // "--ff", "--no-ff", "--ff-only" over "Specifies how a merge is handled…": the text is the options' together, no one's.
          const text = oneLine(inlineText(child, (element) => nested.includes(element)));
          // "--no-keep-empty" and "--keep-empty" over "Do not keep commits that start empty…": a description that says what not to do is the negation's.
          definition(options.size > 1 ? '' : negation && SAYS_NOT_TO.test(text) ? negation : term, text);
          nested.forEach(visit);
          named = false;
        }
      }
    } else if (tag === 'figcaption' || tag === 'caption') add('caption', oneLine(inlineText(node)));
    else if (tag === 'p' || node.children.length === 0) {
      add('prose', inlineText(node, isBoilerplate));
      emphasised(node);
    } else visitMixed(node);
  };
  /**
   * A container whose text runs between its elements (DocBook's `<div class="para">` around a
   * `<span class="pkg">`): each run of text and inline elements is a paragraph, each block inside it is
   * visited in its place.
   */
  const visitMixed = (node: Element) => {
    let run: ChildNode[] = [];
    const flush = () => {
      add('prose', tidyLines(rawTextOf(run, isBoilerplate)));
      for (const inline of run) if (inline.nodeType === ELEMENT_NODE) emphasised(inline as unknown as Element);
      run = [];
    };
    for (const child of Array.from(node.childNodes) as ChildNode[]) {
      if (isInline(child)) run.push(child);
      else if (child.nodeType === ELEMENT_NODE) {
        flush();
        visit(child as unknown as Element);
      }
    }
    flush();
  };
  childElements(body).forEach(visit);
  return sections.filter((section) => (section.title && !section.continued) || section.blocks.length > 0);
}

/**
 * A document's HTML as extracted content: a `section` per heading with its blocks (lists, tables,
 * definitions, code kept apart and labelled), scripts and the page's chrome left out.
 */
export function htmlContent(html: string, metadataTitle: string | null, fileName: string | undefined): ExtractedContent {
  const { document, sections } = readSections(html);
  return sectionsContent(sections, metadataTitle || cleanTitle(document.querySelector('title')?.textContent) || undefined, fileName);
}

function readSections(html: string) {
  const { document } = parseHTML(html);
  const body = (document.body ?? document.documentElement) as Element;
  referenceEntriesAsHeadings(body, { continuation: true });
  return { document, sections: sectionsOf(body) };
}

const cleanTitle = (title: string | null | undefined) => title?.replace(/\s+/g, ' ').trim() || undefined;

export function sectionsContent(sections: Section[], metadataTitle: string | undefined, fileName: string | undefined): ExtractedContent {
  const outline: OutlineEntry[] = sections.map((section, index) => ({
    kind: 'section',
    index,
    ...(section.title ? { title: section.title } : {}),
    text: section.blocks.join('\n\n'),
  }));
  const text = sections
    .map((section) => [section.continued ? undefined : section.title, ...section.blocks].filter(Boolean).join('\n\n'))
    .filter(Boolean)
    .join('\n\n');
  const title = metadataTitle ?? sections.find((section) => section.title)?.title ?? fileName?.replace(/\.[^.]+$/, '');
  const blocks = sections.flatMap((section) => section.typed);
  const emphasis = [...new Set(sections.flatMap((section) => section.emphasis ?? []))];
  return { ...(title ? { title } : {}), text, outline, ...(blocks.length > 0 ? { blocks } : {}), ...(emphasis.length > 0 ? { emphasis } : {}) };
}

/** The sections of several HTML documents in order (the chapters of a book). */
export function htmlSections(html: string): Section[] {
  return readSections(html).sections;
}
