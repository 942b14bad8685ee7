import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import CFB from 'cfb';
import type { ExtractedContent } from '../../domain/learning-content.ts';
import { ExtractionError } from '../../extraction/extractor.ts';
import { parseDoc } from '../../extraction/formats/doc.ts';
import { parseDocx } from '../../extraction/formats/docx.ts';
import type { FormatParser } from '../../extraction/formats/format-parser.ts';
import { formatCellNumber } from '../../extraction/formats/number-format.ts';
import { parsePpt } from '../../extraction/formats/ppt.ts';
import { parsePptx } from '../../extraction/formats/pptx.ts';
import { parseXls } from '../../extraction/formats/xls.ts';
import { parseXlsx } from '../../extraction/formats/xlsx.ts';
import { convertWithLibreOffice, isLibreOfficeAvailable } from '../../extraction/libreoffice.ts';
import { buildZip, contentTypesEntry } from '../fixtures/documents/build-zip.ts';

// The Office parsers on committed fixtures (made by test/fixtures/office/make-fixtures.ts): known
// sentences, the outline (sections per heading, slides with notes, sheets with header-aware rows),
// damaged files failing with a readable ExtractionError, and LibreOffice missing, slow or failing.
// XLS and PPT are read in JavaScript; LibreOffice (DOC's fallback, and theirs for files the readers
// cannot read) is tested where installed and skipped, with the reason, without it.

const fixture = (name: string) => join(import.meta.dirname, '..', 'fixtures', 'office', name);
const withoutLibreOffice = (await isLibreOfficeAvailable())
  ? false
  : 'LibreOffice (soffice) is not installed: DOC, PPT and XLS are read by converting them with it';

let root: string;
before(async () => {
  root = await mkdtemp(join(tmpdir(), 'office-formats-'));
});
after(() => rm(root, { recursive: true, force: true }));

const newWorkDir = () => mkdtemp(join(root, 'work-'));
const parse = async (parser: FormatParser, name: string): Promise<ExtractedContent> => parser(fixture(name), { workDir: await newWorkDir(), fileName: name });

/** The first half of a fixture: a zip without its central directory, a compound file cut short. */
async function truncated(name: string): Promise<string> {
  const bytes = await readFile(fixture(name));
  const path = join(await newWorkDir(), `damaged-${name}`);
  await writeFile(path, bytes.subarray(0, Math.floor(bytes.length / 2)));
  return path;
}

async function assertReadableFailure(promise: Promise<unknown>, pattern: RegExp): Promise<ExtractionError> {
  const error = await promise.then(
    () => assert.fail('expected an ExtractionError'),
    (error: unknown) => error,
  );
  assert.ok(error instanceof ExtractionError, `expected an ExtractionError, got ${String(error)}`);
  assert.match(error.message, pattern);
  assert.doesNotMatch(error.message, /\n\s+at /, 'no stack trace in the message');
  return error;
}

const titles = (content: ExtractedContent) => content.outline.map((entry) => entry.title);

function assertLecture(content: ExtractedContent) {
  assert.equal(content.title, 'Plate Tectonics Lecture Notes');
  assert.deepEqual(
    content.outline.map((entry) => entry.kind),
    ['section', 'section', 'section', 'section'],
  );
  assert.deepEqual(titles(content), ['Plate Tectonics', 'Plate Boundaries', 'Earthquakes and Volcanoes', 'Ring of Fire']);
  assert.match(content.outline[0]?.text ?? '', /^The lithosphere is broken into large rigid plates/);
  assert.match(content.outline[2]?.text ?? '', /^Pacific \| 103 \| Oceanic$/m);
  assert.match(content.text, /The Ring of Fire surrounds the Pacific Ocean/);
  assert.match(content.text, /The Richter scale is logarithmic\./, 'footnotes are kept');
}

describe('DOCX', () => {
  test('a section per heading, lists as "- item" lines by level, tables as rows', async () => {
    const content = await parse(parseDocx, 'lecture.docx');
    assertLecture(content);
    const boundaries = content.outline[1]?.text ?? '';
    assert.match(boundaries, /^- Divergent boundaries create new crust at mid-ocean ridges\.$/m);
    assert.match(boundaries, /^ {2}- Iceland sits on the Mid-Atlantic Ridge\.$/m);
    assert.match(boundaries, /^- Compare it with the growth of a fingernail\.$/m);
    const table = content.outline[2]?.text ?? '';
    assert.match(table, /^Plate \| Area in million square kilometres \| Crust$/m);
    assert.match(table, /^Eurasian and Indian together \| {2}\| Mixed$/m, 'a merged cell keeps the columns');
  });

  test('a damaged file fails with a reason the client can act on', async () => {
    await assertReadableFailure(parseDocx(await truncated('lecture.docx'), { workDir: await newWorkDir() }), /Word document is damaged/);
  });

  const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
  const paragraph = (text: string, style?: string) =>
    `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}<w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
  /** A DOCX of these paragraphs (document.xml's body) with the heading and preformatted styles Word and LibreOffice name. */
  async function docxOf(name: string, body: string): Promise<string> {
    const document = `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}"><w:body>${body}</w:body></w:document>`;
    const styles = `<?xml version="1.0" encoding="UTF-8"?><w:styles xmlns:w="${W}"><w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/></w:style><w:style w:type="paragraph" w:styleId="PreformattedText"><w:name w:val="Preformatted Text"/></w:style></w:styles>`;
    const relationships = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;
    const documentRelationships = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;
    const path = join(await newWorkDir(), name);
    await writeFile(
      path,
      buildZip([
        contentTypesEntry('docx'),
        { name: '_rels/.rels', data: Buffer.from(relationships) },
        { name: 'word/_rels/document.xml.rels', data: Buffer.from(documentRelationships) },
        { name: 'word/document.xml', data: Buffer.from(document) },
        { name: 'word/styles.xml', data: Buffer.from(styles) },
      ]),
    );
    return path;
  }

  test("paragraphs styled as preformatted text (a converted web page's <pre>) are one code block, not prose or headings", async () => {
    const path = await docxOf(
      'searching.docx',
      [
        paragraph('Searching for Packages', 'Heading2'),
        paragraph('The aptitude command searches the package meta-data with a logical expression.'),
        paragraph('$ aptitude show kino', 'PreformattedText'),
        paragraph('Description: Non-linear editor for Digital Video data', 'PreformattedText'),
        paragraph('The search only returns one package, which satisfies all three criteria.'),
      ].join(''),
    );
    const content = await parseDocx(path, { workDir: await newWorkDir(), fileName: 'searching.docx' });
    assert.deepEqual(
      (content.blocks ?? []).filter((block) => block.kind === 'code').map((block) => block.text),
      ['$ aptitude show kino\nDescription: Non-linear editor for Digital Video data'],
    );
    assert.deepEqual(titles(content), ['Searching for Packages']);
    assert.equal(content.emphasis, undefined, 'no run of the document is in italics or bold');
  });

  test('runs in italics or bold are the emphasis of the document, as its author marks the terms it introduces', async () => {
    const run = (text: string, style = '') => `<w:r>${style ? `<w:rPr>${style}</w:rPr>` : ''}<w:t xml:space="preserve">${text}</w:t></w:r>`;
    const path = await docxOf(
      'daemons.docx',
      [
        paragraph('Daemons', 'Heading2'),
        `<w:p>${run('A ')}${run('daemon', '<w:i/>')}${run(' is a process started automatically by the boot sequence, and a ')}${run('signal', '<w:b/>')}${run(' interrupts it.')}</w:p>`,
      ].join(''),
    );
    const content = await parseDocx(path, { workDir: await newWorkDir(), fileName: 'daemons.docx' });
    assert.deepEqual(content.emphasis, ['daemon', 'signal']);
  });
});

describe('DOC', () => {
  test('word-extractor reads text and tables; standalone short lines become section titles', async () => {
    const content = await parse(parseDoc, 'lecture.doc');
    assertLecture(content);
    assert.match(content.outline[1]?.text ?? '', /Iceland sits on the Mid-Atlantic Ridge\./);
  });

  test('a file word-extractor runs away on is stopped; without LibreOffice to fall back on, the reason says so', async () => {
    // a cycle in the sector chain of the WordDocument stream: word-extractor follows it until its heap is full
    const bytes = Buffer.from(await readFile(fixture('lecture.doc')));
    const stream = CFB.find(CFB.read(bytes, { type: 'buffer' }), 'WordDocument') as CFB.CFB$Entry & { start: number };
    const sectorSize = 1 << bytes.readUInt16LE(30);
    const fat = 512 + bytes.readInt32LE(76) * sectorSize;
    bytes.writeInt32LE(stream.start, fat + bytes.readInt32LE(fat + stream.start * 4) * 4);
    const path = join(await newWorkDir(), 'cycle.doc');
    await writeFile(path, bytes);
    const saved = process.env['SOFFICE_PATH'];
    process.env['SOFFICE_PATH'] = join(root, 'no-such-soffice');
    try {
      await assertReadableFailure(parseDoc(path, { workDir: await newWorkDir() }), /could not be read .*LibreOffice.*not installed.*libreoffice-writer-nogui/);
    } finally {
      if (saved === undefined) delete process.env['SOFFICE_PATH'];
      else process.env['SOFFICE_PATH'] = saved;
    }
  });
});

describe('PPTX', () => {
  test('a slide per slide with its title, bullets, table rows and speaker notes', async () => {
    const content = await parse(parsePptx, 'deck.pptx');
    assert.equal(content.title, 'Photosynthesis Basics');
    assert.deepEqual(
      content.outline.map((entry) => [entry.kind, entry.index]),
      [
        ['slide', 0],
        ['slide', 1],
        ['slide', 2],
        ['slide', 3],
      ],
    );
    assert.deepEqual(titles(content), ['Photosynthesis', 'Light Reactions', 'Calvin Cycle', 'Summary']);
    const [first, second, third, fourth] = content.outline.map((entry) => entry.text);
    assert.match(first ?? '', /^- Plants convert light energy into chemical energy\.$/m);
    assert.match(first ?? '', /^ {2}- Green light is reflected, so leaves look green\.$/m);
    assert.match(first ?? '', /\n\nNotes: Start by asking the class why leaves are green\.$/);
    assert.match(second ?? '', /Notes: The oxygen we breathe comes from water, not from carbon dioxide\. Mention the Hill reaction\.$/);
    assert.match(third ?? '', /^Carbon dioxide \| Glucose$/m);
    assert.match(third ?? '', /Notes: The Calvin cycle does not need light directly\./);
    assert.doesNotMatch(fourth ?? '', /Notes:/);
    assert.match(content.text, /Photosynthesis feeds almost every food chain on Earth\./);
  });

  test('a damaged file fails with a reason the client can act on', async () => {
    await assertReadableFailure(parsePptx(await truncated('deck.pptx'), { workDir: await newWorkDir() }), /presentation is damaged/);
  });
});

function assertWorkbook(content: ExtractedContent) {
  assert.equal(content.title, 'Earth Materials');
  assert.deepEqual(
    content.outline.map((entry) => [entry.kind, entry.index, entry.title]),
    [
      ['sheet', 0, 'Elements'],
      ['sheet', 1, 'Minerals'],
    ],
  );
  assert.deepEqual(content.outline[0]?.text.split('\n'), [
    'Element: Oxygen; Symbol: O; Atomic mass: 15.999; Share of crust: 46.1%; Checked on: 2024-03-15',
    'Element: Silicon; Symbol: Si; Atomic mass: 28.085; Share of crust: 28.2%; Checked on: 2024-03-16',
    'Element: Aluminium; Symbol: Al; Atomic mass: 26.982; Share of crust: 8.2%; Checked on: 2024-03-17',
  ]);
  assert.deepEqual(content.outline[1]?.text.split('\n'), [
    'Common rock-forming minerals',
    'Mineral: Quartz; Mohs hardness: 7; Price per tonne: $1,234.50',
    'Mineral: Calcite; Mohs hardness: 3; Price per tonne: $85.00',
  ]);
  assert.match(content.text, /^Minerals$/m);
}

describe('XLSX', () => {
  test('a sheet per worksheet, rows read "Header: value" with values as shown', async () => {
    assertWorkbook(await parse(parseXlsx, 'workbook.xlsx'));
  });

  test('a damaged file fails with a reason the client can act on', async () => {
    await assertReadableFailure(parseXlsx(await truncated('workbook.xlsx'), { workDir: await newWorkDir() }), /Excel workbook is damaged/);
  });

  test('number formats: dates, times, percentages, currency, sections and float noise', () => {
    const cases: [number, string, string][] = [
      [45366, 'yyyy\\-mm\\-dd', '2024-03-15'],
      [45366, 'dddd, mmmm d', 'Friday, March 15'],
      [45366.75, 'd mmm yyyy h:mm AM/PM', '15 Mar 2024 6:00 PM'],
      [1.5, '[h]:mm', '36:00'],
      [0.125, '0.0%', '12.5%'],
      [1234.5, '[$$-409]#,##0.00', '$1,234.50'],
      [-5, '#,##0;(#,##0)', '(5)'],
      [-1234.567, '#,##0.00', '-1,234.57'],
      [5551234, '000-0000', '555-1234'],
      [12345, '0.00E+00', '1.23E+04'],
      [1.005, '0.00', '1.01'],
      [1234567, '#,##0,"K"', '1,235K'],
      [0.1 + 0.2, 'General', '0.3'],
      [0, '"yes";"yes";"no"', 'no'],
    ];
    for (const [value, code, shown] of cases) assert.equal(formatCellNumber(value, code), shown, `${value} under ${code}`);
    assert.equal(formatCellNumber(0, 'yyyy-mm-dd', true), '1904-01-01', 'the 1904 date system');
  });
});

describe('legacy formats in JavaScript (no LibreOffice)', () => {
  const withoutSoffice = async <T>(work: () => Promise<T>): Promise<T> => {
    const saved = process.env['SOFFICE_PATH'];
    process.env['SOFFICE_PATH'] = join(root, 'no-such-soffice');
    try {
      return await work();
    } finally {
      if (saved === undefined) delete process.env['SOFFICE_PATH'];
      else process.env['SOFFICE_PATH'] = saved;
    }
  };

  test('XLS: its BIFF8 records, the same sheets and rows as the XLSX', async () => {
    assertWorkbook(await withoutSoffice(() => parse(parseXls, 'workbook.xls')));
  });

  test('PPT: its text atoms, slide by slide, with titles and notes as PPTX slides read', async () => {
    const slides = join(import.meta.dirname, '..', 'fixtures', 'documents', 'slides.ppt');
    const content = await withoutSoffice(async () => parsePpt(slides, { workDir: await newWorkDir(), fileName: 'slides.ppt' }));
    assert.deepEqual(titles(content), ['The Water Cycle', 'Evaporation', 'Condensation', 'Precipitation']);
    assert.deepEqual(content.outline[1], {
      kind: 'slide',
      index: 1,
      title: 'Evaporation',
      text: 'The sun heats surface water until it turns into vapour.\n\nNotes: Mention that oceans supply most evaporated water.',
    });
  });

  test('damaged files fail with a reason the client can act on', async () => {
    await withoutSoffice(async () => {
      await assertReadableFailure(parseXls(await truncated('workbook.xls'), { workDir: await newWorkDir() }), /Excel 97-2003 workbook is damaged/);
      await assertReadableFailure(parsePpt(await truncated('deck.ppt'), { workDir: await newWorkDir() }), /PowerPoint 97-2003 presentation is damaged/);
    });
  });
});

describe('legacy formats through LibreOffice', { concurrency: true }, () => {
  test('PPT the JavaScript reader cannot read: converted to PPTX, the same slides, titles and notes', { skip: withoutLibreOffice }, async () => {
    const content = await parse(parsePpt, 'deck.ppt');
    assert.deepEqual(titles(content), ['Photosynthesis', 'Light Reactions', 'Calvin Cycle', 'Summary']);
    assert.deepEqual(
      content.outline.map((entry) => entry.kind),
      ['slide', 'slide', 'slide', 'slide'],
    );
    assert.match(content.outline[0]?.text ?? '', /Notes: Start by asking the class why leaves are green\./);
    assert.match(content.outline[2]?.text ?? '', /^ATP \| ADP$/m);
  });

  test('DOC converted to DOCX keeps its real headings (the fallback when word-extractor fails)', { skip: withoutLibreOffice }, async () => {
    const workDir = await newWorkDir();
    assertLecture(await parseDocx(await convertWithLibreOffice(fixture('lecture.doc'), 'docx', workDir), { workDir }));
  });

  for (const [name, parser] of [
    ['deck.ppt', parsePpt],
    ['workbook.xls', parseXls],
    ['lecture.doc', parseDoc],
  ] as const) {
    test(`a damaged ${name.split('.')[1]?.toUpperCase()} fails with a reason the client can act on`, { skip: withoutLibreOffice }, async () => {
      await assertReadableFailure(parser(await truncated(name), { workDir: await newWorkDir() }), /damaged/);
    });
  }
});

describe('LibreOffice missing, slow or failing', () => {
  test('SOFFICE_PATH pointing nowhere: LibreOffice is not used, and a PPT only it could read fails with a reason', async () => {
    const saved = process.env['SOFFICE_PATH'];
    process.env['SOFFICE_PATH'] = join(root, 'no-such-soffice');
    try {
      assert.equal(await isLibreOfficeAvailable(), false);
      await assertReadableFailure(parse(parsePpt, 'deck.ppt'), /PowerPoint 97-2003 presentation is damaged/);
    } finally {
      if (saved === undefined) delete process.env['SOFFICE_PATH'];
      else process.env['SOFFICE_PATH'] = saved;
    }
  });

  /** A stand-in for soffice: a shell script whose child outlives it unless the whole group is killed. */
  async function fakeSoffice(body: string): Promise<string> {
    const path = join(await newWorkDir(), 'soffice');
    await writeFile(path, `#!/bin/sh\n${body}\n`);
    await chmod(path, 0o755);
    return path;
  }

  const isRunning = async (pid: number) => {
    const status = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    return status !== '' && !/^\d+ \(.*\) Z/.test(status);
  };

  test('a conversion that outlives its timeout is killed with its whole process group', async () => {
    const pidFile = join(await newWorkDir(), 'grandchild.pid');
    const soffice = await fakeSoffice(`sleep 30 &\necho $! > '${pidFile}'\nwait`);
    const error = await assertReadableFailure(
      convertWithLibreOffice(fixture('deck.ppt'), 'pptx', await newWorkDir(), { sofficePath: soffice, timeoutMs: 500 }),
      /PowerPoint 97-2003 presentation could not be converted within/,
    );
    assert.equal(error.retryable, true);
    const grandchild = Number(await readFile(pidFile, 'utf8'));
    for (let waited = 0; waited < 2000 && (await isRunning(grandchild)); waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(await isRunning(grandchild), false, 'the process soffice started is gone too');
  });

  test('exit code 0 without an output file is a failure', async () => {
    const soffice = await fakeSoffice('exit 0');
    await assertReadableFailure(
      convertWithLibreOffice(fixture('workbook.xls'), 'xlsx', await newWorkDir(), { sofficePath: soffice }),
      /damaged or is not an Excel 97-2003 workbook/,
    );
  });
});
