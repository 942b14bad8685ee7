import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { inReadingOrder, type PlacedLine } from '../../extraction/formats/pdf-reading-order.ts';

// pdf.js hands over a page's lines in the order they were painted; a reader reads them by where they lie.

type Named = PlacedLine & { text: string };
const line = (text: string, left: number, baseline: number, right = left + 200): Named => ({ text, left, right, baseline, size: 10 });
const texts = (lines: Named[]) => lines.map((entry) => entry.text);
const PAGE_WIDTH = 612;

describe('the reading order of a page’s lines', () => {
  test('top to bottom, whatever order they were painted in: a header painted after the body is read first', () => {
    const painted = [line('First paragraph.', 40, 700), line('Second paragraph.', 40, 680), line('Handbook', 40, 760)];
    assert.deepEqual(texts(inReadingOrder(painted, PAGE_WIDTH)), ['Handbook', 'First paragraph.', 'Second paragraph.']);
  });

  test('pieces on one baseline are read left to right', () => {
    const painted = [line('Next', 540, 760, 560), line('Prev', 40, 761, 60), line('Body.', 40, 700)];
    assert.deepEqual(texts(inReadingOrder(painted, PAGE_WIDTH)), ['Prev', 'Next', 'Body.']);
  });

  test('a page in two columns is read column by column, between the lines that span both', () => {
    const left = (text: string, baseline: number) => line(text, 40, baseline, 290);
    const right = (text: string, baseline: number) => line(text, 320, baseline, 570);
    const rows = [700, 688, 676, 664, 652];
    const painted = [
      line('A Title Across the Page', 40, 760, 570),
      ...rows.flatMap((baseline, i) => [left(`left ${i}`, baseline), right(`right ${i}`, baseline)]),
      line('Figure 1 spans both columns', 40, 600, 570),
      right('right below', 560),
      left('left below', 560),
    ];
    assert.deepEqual(texts(inReadingOrder(painted, PAGE_WIDTH)), [
      'A Title Across the Page',
      ...rows.map((_, i) => `left ${i}`),
      ...rows.map((_, i) => `right ${i}`),
      'Figure 1 spans both columns',
      'left below',
      'right below',
    ]);
  });
});
