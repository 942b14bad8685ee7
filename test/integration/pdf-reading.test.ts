import { after, afterEach, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ExtractionError, type FileExtractor } from '../../extraction/extractor.ts';
import { createFileExtractor } from '../../extraction/file-extractor.ts';
import { makeFlateBombPdf, makePdf, makePlacedPdf, makeScannedPdf } from '../support/make-pdf.ts';
import { scratchDirectory } from '../support/scratch-directory.ts';

// PDFs after `npm install` alone (issue 12): without poppler on PATH pdf.js reads them, in the same
// sandboxed child and the same shape; scanned pages (no text layer) are rendered and read by text
// recognition, marked in the outline, within a page limit.

const failure = (pattern: RegExp) => (error: unknown) => error instanceof ExtractionError && pattern.test(error.message);

describe('reading PDFs with and without poppler', () => {
  const scratch = scratchDirectory('lcs-pdf-reading-');
  let extractor: FileExtractor;
  const systemPath = process.env['PATH'];
  before(() => {
    extractor = createFileExtractor({ timeoutMs: 60_000, memoryMb: 512 });
  });
  after(() => extractor.close());
  afterEach(() => {
    process.env['PATH'] = systemPath;
    delete process.env['PDF_OCR_MAX_PAGES'];
  });
  // The sandboxed child inherits PATH: an empty one hides pdftotext, pdfinfo and pdftoppm.
  const withoutPoppler = () => {
    process.env['PATH'] = '/nonexistent';
  };
  const extract = async (bytes: Buffer, name: string) => extractor.extract({ path: await scratch.write(bytes, name), fileName: name });

  const lecture = makePdf(
    [['Photosynthesis', 'Plants turn light, water and carbon dioxide into sugar.'], ['Chlorophyll absorbs red and blue light and reflects green.']],
    { title: 'Plant Biology' },
  );

  for (const [label, setUp] of [
    ['poppler', () => undefined],
    ['pdf.js (no poppler on PATH)', withoutPoppler],
  ] as const) {
    test(`${label}: pages, the title and the text in the same shape`, async () => {
      setUp();
      const result = await extract(lecture, 'plants.pdf');
      assert.equal(result.format, 'pdf');
      assert.equal(result.title, 'Plant Biology');
      assert.deepEqual(
        result.outline.map(({ kind, index, text }) => ({ kind, index, text })),
        [
          { kind: 'page', index: 0, text: 'Photosynthesis\nPlants turn light, water and carbon dioxide into sugar.' },
          { kind: 'page', index: 1, text: 'Chlorophyll absorbs red and blue light and reflects green.' },
        ],
      );
    });

    test(`${label}: a scanned PDF is read by text recognition, its pages marked`, async () => {
      setUp();
      const scanned = await makeScannedPdf([['Osmosis moves water across a membrane.'], ['Diffusion spreads molecules evenly.']]);
      const result = await extract(scanned, 'handout.pdf');
      assert.deepEqual(
        result.outline.map((entry) => entry.ocr),
        [true, true],
      );
      assert.match(result.outline[0]?.text ?? '', /Osmosis moves water across a membrane/);
      assert.match(result.outline[1]?.text ?? '', /Diffusion spreads molecules evenly/);
    });
  }

  test('pdf.js gives the lines of each page as labelled blocks with their page', async () => {
    withoutPoppler();
    const result = await extract(lecture, 'plants.pdf');
    assert.ok(
      result.blocks?.some((block) => block.kind === 'prose' && block.page === 2),
      JSON.stringify(result.blocks),
    );
  });

  test('pdf.js reads a printed page as it is seen: by position, blocks parted by an empty line, a label drawn twice read once', async () => {
    withoutPoppler();
    // As a browser prints a web page: the body first, then the page's header and a floating button above it.
    const printed = makePlacedPdf([
      [
        { text: 'Scheduling Tasks', x: 72, y: 700, size: 16 },
        { text: 'The daemon runs', x: 72, y: 680 },
        { text: 'scheduled commands.', x: 169, y: 680 },
        { text: 'Each user has a crontab.', x: 72, y: 640 },
        { text: 'Up', x: 72, y: 40 },
        { text: 'Home', x: 500, y: 40 },
        { text: 'Next', x: 500, y: 775 },
        { text: 'Prev', x: 72, y: 775 },
        { text: 'The Handbook', x: 200, y: 772, size: 20 },
        { text: 'Download the ebook', x: 250, y: 740 },
        { text: 'Download the ebook', x: 250, y: 740 },
      ],
    ]);
    const result = await extract(printed, 'printed.pdf');
    assert.equal(
      result.outline[0]?.text,
      [
        'Prev',
        'The Handbook',
        'Next',
        'Download the ebook',
        'Scheduling Tasks\nThe daemon runs scheduled commands.',
        'Each user has a crontab.',
        'Up',
        'Home',
      ].join('\n\n'),
    );
    // Each labelled block reads as the page's text does, so a code block is found there and left out of the facts.
    for (const block of result.blocks ?? []) assert.ok(result.outline[0]?.text.includes(block.text), JSON.stringify(block));
  });

  test("pdf.js labels a printed reference's lines: code font is code, larger type a heading even where it names a class in the code font", async () => {
    withoutPoppler();
    const reference = makePlacedPdf([
      [
        { text: 'Function details', x: 72, y: 700, size: 16 },
        { text: 'statistics.mean(data)', x: 72, y: 670, mono: true },
        { text: 'Return the sample arithmetic mean of data.', x: 72, y: 652 },
        { text: 'NormalDist', x: 72, y: 610, size: 16, mono: true },
        { text: 'objects', x: 172, y: 610, size: 16 },
        { text: 'NormalDist is a tool for normal distributions.', x: 72, y: 580 },
      ],
    ]);
    const labelled = ((await extract(reference, 'reference.pdf')).blocks ?? []).map((block) => `${block.kind}: ${block.text}`);
    assert.deepEqual(labelled, [
      'heading: Function details',
      'code: statistics.mean(data)',
      'prose: Return the sample arithmetic mean of data.',
      'heading: NormalDist objects',
      'prose: NormalDist is a tool for normal distributions.',
    ]);
  });

  test('more scanned pages than PDF_OCR_MAX_PAGES is a clear error', async () => {
    process.env['PDF_OCR_MAX_PAGES'] = '1';
    const scanned = await makeScannedPdf([['Page one.'], ['Page two.']]);
    await assert.rejects(
      extract(scanned, 'book.pdf'),
      failure(/2 pages without a text layer \(scanned\); at most 1 are read by text recognition \(PDF_OCR_MAX_PAGES\)/),
    );
  });

  test('pdf.js: a flate bomb (1 GiB of content in 1 MB) is stopped by the parser child’s memory limit, with a reason', async () => {
    withoutPoppler();
    await assert.rejects(extract(makeFlateBombPdf(1024 ** 3), 'bomb.pdf'), failure(/needs more memory than allowed \(512 MB\)/));
  });

  test('pdf.js: a damaged PDF fails with a reason', async () => {
    withoutPoppler();
    const damaged = Buffer.concat([lecture.subarray(0, 200), Buffer.from('garbage'.repeat(20))]);
    await assert.rejects(extract(damaged, 'broken.pdf'), failure(/damaged|no text/));
  });
});
