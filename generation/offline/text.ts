// Small text helpers for turning source sentences into card, question and node text.

export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function wordCount(text: string): number {
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function capitaliseFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function lowerFirstUnlessAcronym(text: string): string {
  const first = text.split(/\s+/)[0] ?? '';
  if (/^[A-Z0-9]{2,}/.test(first) || /[A-Z]/.test(first.slice(1))) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

export function asSentence(text: string): string {
  const trimmed = collapseWhitespace(text).replace(/[\s,;:–—-]+$/, '');
  return /[.!?]["”’)]?$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

const ELLIPSIS = '…';

/** Cuts at a word boundary so the result, ellipsis included, has at most `max` characters. */
export function truncate(text: string, max: number): string {
  const clean = collapseWhitespace(text);
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const boundary = cut.lastIndexOf(' ');
  return `${(boundary > max / 2 ? cut.slice(0, boundary) : cut).replace(/[\s,;:]+$/, '')}${ELLIPSIS}`;
}

/**
 * At most `max` characters of `text`; when it is longer, a window that keeps `focus` (the answer
 * or term the excerpt must show) with an ellipsis on each cut side.
 */
export function excerpt(text: string, focus: string | undefined, max = 200): string {
  const clean = collapseWhitespace(text);
  if (clean.length <= max) return clean;
  const at = focus ? clean.toLowerCase().indexOf(focus.toLowerCase()) : -1;
  const focusLength = focus?.length ?? 0;
  if (at < 0 || at + focusLength <= max - 1) return truncate(clean, max);
  const room = max - 2;
  let start = Math.max(0, at - Math.floor((room - focusLength) / 2));
  const end = Math.min(clean.length, start + room);
  start = Math.max(0, end - room);
  const spaceAfterStart = clean.indexOf(' ', start);
  const from = start > 0 && spaceAfterStart >= 0 && spaceAfterStart < at ? spaceAfterStart + 1 : start;
  const spaceBeforeEnd = clean.lastIndexOf(' ', end);
  const to = end < clean.length && spaceBeforeEnd > at + focusLength ? spaceBeforeEnd : end;
  return `${from > 0 ? ELLIPSIS : ''}${clean.slice(from, to)}${to < clean.length ? ELLIPSIS : ''}`;
}

/** Most words capitalised: a heading or a name, not a definition. */
export function isTitleCase(text: string): boolean {
  const words = text.split(/\s+/).filter((word) => /^[\p{L}]/u.test(word) && word.length > 3);
  if (words.length === 0) return false;
  const capitalised = words.filter((word) => /^\p{Lu}/u.test(word)).length;
  return capitalised / words.length >= 0.6;
}

/** Words a sentence may rightly say twice in a row ("that that", "had had"). */
const RIGHTLY_DOUBLED: ReadonlySet<string> = new Set(['that', 'had']);
/** "Once the mock function has been called times times…": a name of code read beside the word it is named for, a sentence garbled. */
export function repeatsAWord(text: string): boolean {
  return [...text.matchAll(/\b(\p{L}{2,})\s+\1\b/giu)].some((match) => !RIGHTLY_DOUBLED.has((match[1] ?? '').toLowerCase()));
}
