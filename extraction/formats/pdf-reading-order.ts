// The order a reader reads a page's lines in, from where they lie on it. A PDF's content stream is in
// the order its producer painted: a browser printing a web page paints a code block's background and
// text, the page's header and a floating button after the body, so pdf.js hands over "priority: int"
// from the top of page 2 after the page's last paragraph. Poppler orders text by position; so does
// this, for the pdf.js path: top to bottom, left to right on one baseline, and a page set in two
// columns read column by column between the lines that span both (a title, a figure's caption).

/** A line as pdf.js gives it, with where it lies: baseline and left and right ends, in PDF units (y grows upwards). */
export type PlacedLine = { baseline: number; left: number; right: number; size: number };

/** Lines whose baselines lie closer than this share of their type size are on one baseline. */
const SAME_BASELINE = 0.5;
/** A gutter: the page's middle strip, this share of its width, that no line of either column crosses. */
const GUTTER_HALF_WIDTH = 0.02;
/** Two columns only when each holds at least this share of the page's lines, and this many: a "Next" link at the right is no column. */
const MIN_COLUMN_SHARE = 0.2;
const MIN_COLUMN_LINES = 5;

const topToBottom = <T extends PlacedLine>(lines: T[]): T[] => {
  const sorted = [...lines].sort((a, b) => b.baseline - a.baseline);
  const ordered: T[] = [];
  for (let start = 0; start < sorted.length;) {
    const first = sorted[start] as T;
    let end = start + 1;
    while (end < sorted.length && first.baseline - (sorted[end] as T).baseline < Math.max(first.size, 1) * SAME_BASELINE) end++;
    ordered.push(...sorted.slice(start, end).sort((a, b) => a.left - b.left));
    start = end;
  }
  return ordered;
};

/** The page's lines in reading order; `width` is the page's. */
export function inReadingOrder<T extends PlacedLine>(lines: T[], width: number): T[] {
  const middle = width / 2;
  const margin = width * GUTTER_HALF_WIDTH;
  const side = (line: T) => (line.right <= middle + margin ? 'left' : line.left >= middle - margin ? 'right' : 'both');
  const counts = { left: 0, right: 0, both: 0 };
  for (const line of lines) counts[side(line)]++;
  const isColumn = (count: number) => count >= MIN_COLUMN_LINES && count >= lines.length * MIN_COLUMN_SHARE;
  const twoColumns = isColumn(counts.left) && isColumn(counts.right);
  if (!twoColumns) return topToBottom(lines);
  // Bands between the lines spanning both columns: each band's left column, then its right one.
  const ordered: T[] = [];
  let band: T[] = [];
  const closeBand = () => {
    ordered.push(...topToBottom(band.filter((line) => side(line) === 'left')), ...topToBottom(band.filter((line) => side(line) === 'right')));
    band = [];
  };
  for (const line of topToBottom(lines)) {
    if (side(line) !== 'both') {
      band.push(line);
      continue;
    }
    closeBand();
    ordered.push(line);
  }
  closeBand();
  return ordered;
}
