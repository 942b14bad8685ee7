// The text of a printed document's pages as its sentences, not its layout. A PDF repeats running
// headers, footers and page numbers on every page, hyphenates words at line ends and breaks
// paragraphs across pages; readers of the text (the generators above all) need the sentences whole.

/** A line seen on at least this share of the pages (numbers aside) is a running header or footer. */
const RUNNING_SHARE = 0.5;
const MIN_PAGES_FOR_RUNNING = 4;
/** Only the first and last lines of a page are where running headers and footers stand. */
const EDGE_LINES = 3;
const PAGE_NUMBER = /^\s*(?:page\s+)?(?:\d{1,4}|[ivxlc]{1,7})(?:\s*(?:of|\/)\s*\d{1,4})?\s*$/i;
const TERMINAL = /[.!?:]["”’)]?\s*$/;

/** Digits vary between pages ("Chapter 8 — 112"): compared without them. */
const shape = (line: string) => line.trim().replace(/\d+/g, '#').replace(/\s+/g, ' ').toLowerCase();

function edgeLines(lines: string[]): string[] {
  const filled = lines.filter((line) => line.trim());
  return [...filled.slice(0, EDGE_LINES), ...filled.slice(-EDGE_LINES)];
}

const firstAndLast = (page: string) => {
  const filled = page.split('\n').filter((line) => line.trim());
  return [shape(filled[0] ?? ''), shape(filled.at(-1) ?? '')];
};

/**
 * Shapes of the lines that stand at the top or bottom of most pages, and of a chapter's running
 * header: the first (or last) line of a page that is also the first (or last) line of the next.
 */
export function runningLines(pages: readonly string[]): Set<string> {
  if (pages.length < MIN_PAGES_FOR_RUNNING) return new Set();
  const seen = new Map<string, number>();
  for (const page of pages) {
    for (const key of new Set(edgeLines(page.split('\n')).map(shape))) if (key) seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  const running = new Set([...seen].filter(([, count]) => count >= Math.max(2, pages.length * RUNNING_SHARE)).map(([key]) => key));
  const edges = pages.map(firstAndLast);
  edges.forEach(([first, last], index) => {
    const [nextFirst, nextLast] = edges[index + 1] ?? [];
    if (first && first === nextFirst) running.add(first);
    if (last && last === nextLast) running.add(last);
  });
  return running;
}

/**
 * "exam-" at a line's end and "ple" starting the next are one word; "well-" + "known" keeps its hyphen,
 * and so does a compound broken at one of its own hyphens ("read-eval-" + "print").
 */
function joinHyphenated(lines: string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const previous = out.at(-1);
    const broken = previous !== undefined && /\p{Ll}-$/u.test(previous) && /^\s*\p{Ll}/u.test(line);
    if (broken) {
      const head = IN_COMPOUND.test(previous) ? previous : previous.slice(0, -1);
      const rest = line.trim();
      const [word = '', ...others] = rest.split(/\s+/);
      out[out.length - 1] = `${head}${word}`;
      if (others.length > 0) out.push(others.join(' '));
    } else out.push(line);
  }
  return out;
}

/**
 * Pages without their running headers, footers and page numbers, hyphenated words joined, and a
 * sentence that runs over a page break finished on the page where it starts.
 */
export function pagesAsText(pages: readonly string[]): string[] {
  const running = runningLines(pages);
  const cleaned = pages.map((page) => {
    const lines = page.split('\n');
    const edges = new Set(edgeLines(lines));
    return joinHyphenated(lines.filter((line) => !(edges.has(line) && (running.has(shape(line)) || PAGE_NUMBER.test(line)))));
  });
  for (let index = 0; index + 1 < cleaned.length; index += 1) {
    const page = cleaned[index] as string[];
    const next = cleaned[index + 1] as string[];
    const last = page.findLast((line) => line.trim());
    const firstAt = next.findIndex((line) => line.trim());
    if (!last || firstAt < 0 || TERMINAL.test(last) || !/^\s*\p{Ll}/u.test(next[firstAt] ?? '')) continue;
    // The rest of the sentence: the next page's lines up to the one that ends it, before any blank line.
    let end = firstAt;
    while (end < next.length - 1 && next[end]?.trim() && !TERMINAL.test(next[end] ?? '')) end += 1;
    if (!next[end]?.trim()) end -= 1;
    const carried = next.splice(firstAt, end - firstAt + 1);
    page.splice(page.lastIndexOf(last) + 1, 0, ...carried);
    cleaned[index] = joinHyphenated(page);
  }
  return restoreHyphens(cleaned.map((lines) => lines.join('\n').replace(SPLIT_PLURAL, '$1s')));
}

/**
 * "Get the ACL s for mailbox": a plural's "s" printed in another font than the acronym it ends (the
 * page's "<code>ACL</code>s"), which the layout's reading sets apart.
 */
const SPLIT_PLURAL = /(?<![\p{L}\p{N}_])(\p{Lu}{2,}) s(?=[\s.,;:)]|$)/gmu;

/** "read-eval-" at a line's end: a hyphen after a word that is already part of a compound. */
const IN_COMPOUND = /\p{L}-\p{L}+-$/u;

/** "debian-handbook", "dpkg-buildpackage", "read-eval-print": a compound written with hyphens between its words. */
const COMPOUND = /(?<![\p{L}\p{N}_-])\p{L}[\p{L}\p{N}]*(?:-\p{Ll}[\p{L}\p{N}]*)+(?![\p{L}\p{N}_-])/gu;
/** A word or a compound, not a part of a dotted name ("multiprocessing.Queue"), which no hyphen ever joins. */
const WORD = /(?<![\p{L}\p{N}_.-])\p{L}[\p{L}\p{N}]*(?:-\p{L}[\p{L}\p{N}]*)*(?![\p{L}\p{N}_-]|\.[\p{L}\p{N}_])/gu;

/** "read-eval-print" → "readeval-print", "read-evalprint": the compound with each of its hyphens left out in turn. */
function joinedForms(compound: string): string[] {
  const parts = compound.split('-');
  return parts.slice(1).map((_, at) => [...parts.slice(0, at), `${parts[at]}${parts[at + 1]}`, ...parts.slice(at + 2)].join('-'));
}

/**
 * "debian-" at a line's end over "handbook" is joined as a word broken by hyphenation would be (poppler
 * joins it before this code sees it): a compound the document writes with its hyphen at least as often
 * as whole gets it back ("debianhandbook" → "debian-handbook", "dpkgbuildpackage" → "dpkg-buildpackage",
 * "read-evalprint" → "read-eval-print"), while one it usually writes whole ("subprocess" beside one
 * "sub-process") stays whole.
 */
function restoreHyphens(pages: readonly string[]): string[] {
  const whole = pages.join('\n');
  const hyphenated = new Map<string, { form: string; count: number }>();
  for (const [form] of whole.matchAll(COMPOUND)) {
    for (const joined of joinedForms(form)) hyphenated.set(joined, { form, count: (hyphenated.get(joined)?.count ?? 0) + 1 });
  }
  if (hyphenated.size === 0) return [...pages];
  const joinedCounts = new Map<string, number>();
  for (const [word] of whole.matchAll(WORD)) if (hyphenated.has(word)) joinedCounts.set(word, (joinedCounts.get(word) ?? 0) + 1);
  const restored = new Map(
    [...joinedCounts].filter(([word, count]) => count <= (hyphenated.get(word)?.count ?? 0)).map(([word]) => [word, hyphenated.get(word)?.form ?? word]),
  );
  return restored.size === 0 ? [...pages] : pages.map((page) => page.replace(WORD, (word) => restored.get(word) ?? word));
}

/**
 * The title a document prints at the top of every page ("Shared MIME-info Database"), as its first
 * page opens with it: the running header removed from the text is the best title a PDF without
 * metadata has. Not one with digits (a printed web page's header carries the date and time).
 */
export function runningTitle(pages: readonly string[]): string | undefined {
  const first = (pages[0] ?? '')
    .split('\n')
    .find((line) => line.trim())
    ?.trim();
  if (!first || /\d/.test(first) || first.length > MAX_TITLE_CHARS || !/\p{L}{3,}/u.test(first)) return undefined;
  return runningLines(pages).has(shape(first)) ? first : undefined;
}
const MAX_TITLE_CHARS = 80;
