import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { ExtractionError, fileFormats, type FileExtractor } from '../../extraction/extractor.ts';
import { createFileExtractor } from '../../extraction/file-extractor.ts';
import { loadParser, parsers, type ParserLocation } from '../../extraction/formats/index.ts';
import { textToContent } from '../../extraction/formats/text.ts';
import { createResidentSandbox, parseInSandbox } from '../../extraction/sandbox.ts';
import { buildZip, contentTypesEntry, deflatedZeros } from '../fixtures/documents/build-zip.ts';
import { makePdf } from '../support/make-pdf.ts';
import { scratchDirectory } from '../support/scratch-directory.ts';

// The whole file-extraction pipeline on real files: sniffing, the zip guard, the sandboxed child
// (fresh per document, long-lived for OCR) and the PDF, TXT, CSV, PNG and JPEG parsers; then hostile
// input, misbehaving parsers and the limits that stop them.

const fixtures = join(import.meta.dirname, '..', 'fixtures', 'documents');
const fixture = (name: string) => join(fixtures, name);
const failure = (pattern: RegExp) => (error: unknown) => error instanceof ExtractionError && pattern.test(error.message);
const hostile = (name: string): ParserLocation => ({ module: new URL('../fixtures/documents/hostile-parsers.ts', import.meta.url).href, name });

function png(width: number, height: number, pixelData: Buffer): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const frame = Buffer.alloc(8 + data.length + 4);
    frame.writeUInt32BE(data.length, 0);
    body.copy(frame, 4);
    frame.writeUInt32BE(crc32(body), 8 + data.length);
    return frame;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // 8-bit greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixelData),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const whitePng = (width: number, height: number) =>
  png(width, height, deflateSync(Buffer.concat(Array.from({ length: height }, () => Buffer.concat([Buffer.from([0]), Buffer.alloc(width, 255)])))));

describe('file extraction', () => {
  const scratch = scratchDirectory('lcs-file-extractor-');
  const { write } = scratch;
  let extractor: FileExtractor;
  before(() => {
    extractor = createFileExtractor({ timeoutMs: 30_000, memoryMb: 256 });
  });
  after(() => extractor.close());
  const extract = (path: string, fileName?: string) => extractor.extract({ path, ...(fileName ? { fileName } : {}) });

  describe('formats', () => {
    test('PDF: one page entry per page, the title from the metadata', async () => {
      const result = await extract(fixture('lecture.pdf'), 'lecture.pdf');
      assert.equal(result.format, 'pdf');
      assert.equal(result.title, 'From Cells to Organs');
      assert.deepEqual(
        result.outline.map(({ kind, index }) => ({ kind, index })),
        [0, 1, 2].map((index) => ({ kind: 'page', index })),
      );
      assert.match(result.outline[0]?.text ?? '', /^Cells\nThe cell is the smallest unit of life that can replicate independently\.$/);
      assert.match(result.outline[1]?.text ?? '', /A tissue is a group of similar cells that work together to perform a function\./);
      assert.match(result.outline[2]?.text ?? '', /An organ is a structure made of several tissues with a common purpose\./);
      assert.doesNotMatch(result.outline[1]?.text ?? '', /smallest unit|common purpose/);
      assert.match(result.text, /replicate independently\.\n\nTissues\n/);
    });

    test('PDF without a title: the first heading-like line; empty pages keep their place', async () => {
      const pdf = makePdf([['Photosynthesis', 'Plants turn light, water and carbon dioxide into sugar.'], [], ['Chlorophyll absorbs red and blue light.']]);
      const result = await extract(await write(pdf, 'leaf.pdf'), 'leaf.pdf');
      assert.equal(result.title, 'Photosynthesis');
      assert.deepEqual(
        result.outline.map((entry) => entry.text),
        ['Photosynthesis\nPlants turn light, water and carbon dioxide into sugar.', '', 'Chlorophyll absorbs red and blue light.'],
      );
      const titled = makePdf([['Some text on a page.']], { title: 'Plant Biology' });
      assert.equal((await extract(await write(titled))).title, 'Plant Biology');
    });

    test('TXT: sections at Markdown, underlined and ALL-CAPS headings', async () => {
      const result = await extract(fixture('notes.txt'), 'notes.txt');
      assert.equal(result.format, 'txt');
      assert.equal(result.title, 'Volcanoes');
      assert.deepEqual(
        result.outline.map(({ kind, index, title }) => ({ kind, index, title })),
        [
          { kind: 'section', index: 0, title: 'Volcanoes' },
          { kind: 'section', index: 1, title: 'Magma chambers' },
          { kind: 'section', index: 2, title: 'TYPES OF ERUPTION' },
        ],
      );
      assert.equal(result.outline[1]?.text, 'Magma collects in chambers several kilometres below the surface.');
      assert.match(result.outline[2]?.text ?? '', /^Explosive eruptions throw ash high into the atmosphere\.\nEffusive eruptions/);
    });

    test('CSV: every row as "Header: value" pairs in one sheet', async () => {
      const result = await extract(fixture('planets.csv'), 'planets.csv');
      assert.equal(result.format, 'csv');
      assert.equal(result.title, 'planets');
      assert.deepEqual(
        result.outline.map(({ kind, index, title }) => ({ kind, index, title })),
        [{ kind: 'sheet', index: 0, title: 'planets' }],
      );
      assert.equal(
        result.text,
        [
          'Planet: Mercury; Moons: 0; Rings: No; Notes: Closest planet to the Sun',
          'Planet: Saturn; Moons: 146; Rings: Yes; Notes: Its rings are made of ice, rock and dust',
          'Planet: Neptune; Moons: 16; Rings: Yes',
        ].join('\n'),
      );
    });

    test('CSV without a name: found by its shape, semicolons and a byte order mark handled', async () => {
      const result = await extract(await write('\uFEFFCity;Country;Note\nLyon;France;"silk; gastronomy"\nPorto;Portugal;port wine\nGent;Belgium;\n'));
      assert.equal(result.format, 'csv');
      assert.match(
        result.text,
        /^City: Lyon; Country: France; Note: silk; gastronomy\nCity: Porto; Country: Portugal; Note: port wine\nCity: Gent; Country: Belgium$/,
      );
    });

    test('PNG and JPEG: OCR text as one page', async () => {
      const scan = await extract(fixture('scan.png'), 'scan.png');
      assert.equal(scan.format, 'png');
      assert.match(scan.text, /The quick brown fox jumps over the lazy dog\./);
      assert.deepEqual(
        scan.outline.map(({ kind, index }) => ({ kind, index })),
        [{ kind: 'page', index: 0 }],
      );
      const photo = await extract(fixture('photo.jpg'), 'photo.jpg');
      assert.equal(photo.format, 'jpeg');
      assert.match(photo.text, /Glaciers carve valleys as they move\./);
      assert.equal(photo.outline.length, 1);
    });

    // PPT and XLS go through LibreOffice (seconds each): their wiring is covered by the load test below.
    const officeWired = ['docx', 'doc', 'pptx', 'xlsx'].every((format) => existsSync(new URL(parsers[format as 'docx'].module)));
    test('Office formats are wired to their parsers', { skip: !officeWired && 'the office parsers are not in the tree yet' }, async () => {
      const cases = [
        { name: 'report.docx', sentence: /Gulf Stream carries warm water/, kind: 'section' },
        { name: 'report.doc', sentence: /Thermohaline circulation is driven/, kind: 'section' },
        { name: 'slides.pptx', sentence: /Notes: Mention that oceans supply/, kind: 'slide' },
        { name: 'sheets.xlsx', sentence: /Planet: Jupiter; Moons: 95; Type: Gas giant/, kind: 'sheet' },
      ];
      await Promise.all(
        cases.map(async ({ name, sentence, kind }) => {
          const result = await extract(fixture(name), name);
          assert.equal(result.format, name.split('.')[1], name);
          assert.match(result.text, sentence, name);
          assert.ok(result.outline.length > 1 && result.outline.every((entry) => entry.kind === kind), name);
        }),
      );
    });

    test('every format has a parser that loads', async () => {
      for (const format of fileFormats) assert.equal(typeof (await loadParser(parsers[format])), 'function', format);
    });
  });

  describe('text sections', () => {
    test('without headings, paragraphs are grouped into sections of about 2,000 characters', () => {
      const paragraph = (i: number) => `Paragraph ${i} ${'explains one idea in plain words. '.repeat(12).trim()}`;
      const content = textToContent(Array.from({ length: 12 }, (_, i) => paragraph(i)).join('\n\n'));
      // ~410 characters each: four fit under 2,000, the fifth starts a new section.
      assert.deepEqual(
        content.outline.map((entry) => entry.text.split('\n\n').length),
        [4, 4, 4],
      );
      assert.ok(content.outline.every((entry) => entry.kind === 'section' && entry.title === undefined));
      assert.equal(content.outline.map((entry) => entry.text).join('\n\n'), content.text);
      // A plain README's first line runs on into its next sentence ("These are the GNU core utilities.  This package is…").
      assert.equal(content.title, 'Paragraph 0 explains one idea in plain words.', "the first line, to its first sentence's end");
    });

    test('a # inside a code fence and a run of shouted lines are not headings', () => {
      const content = textToContent('# Shell basics\n\n```\n# list files\nls -la\n```\n\nWARNING\nDO NOT RUN THIS AS ROOT\nIT WILL BREAK THINGS\n');
      assert.deepEqual(
        content.outline.map((entry) => entry.title),
        ['Shell basics'],
      );
    });
  });

  describe('hostile files', () => {
    test('a PNG named .pdf', async () => {
      await assert.rejects(
        extract(await write(await readFile(fixture('scan.png'))), 'report.pdf'),
        failure(/^the file is named \.pdf but its content is a PNG image$/),
      );
    });

    test('an empty file', async () => {
      await assert.rejects(extract(await write(Buffer.alloc(0)), 'notes.txt'), failure(/^the file is empty$/));
    });

    test('corrupt, truncated and password-protected PDFs', async () => {
      const noise = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(5000, 0x8f)]);
      await assert.rejects(extract(await write(noise), 'noise.pdf'), failure(/^the PDF is damaged or truncated and cannot be read$/));
      const pdf = await readFile(fixture('lecture.pdf'));
      await assert.rejects(extract(await write(pdf.subarray(0, 8000)), 'cut.pdf'), failure(/damaged or truncated/));
      await assert.rejects(
        extract(fixture('protected.pdf'), 'protected.pdf'),
        failure(/^the PDF is password-protected; remove the password and upload it again$/),
      );
    });

    test('a PDF without a text layer says so', async () => {
      await assert.rejects(extract(await write(makePdf([[], []])), 'scan.pdf'), failure(/^no text could be extracted: the PDF has no text layer/));
    });

    test('random bytes', async () => {
      const random = Buffer.from(Array.from({ length: 20_000 }, (_, i) => (i * 7919 + 13) % 251));
      await assert.rejects(extract(await write(random), 'data.bin'), failure(/^unsupported file type/));
    });

    test('a zip bomb named .docx, with and without content types', async () => {
      const bomb = { name: 'word/document.xml', deflated: deflatedZeros(1024 ** 3), size: 1024 ** 3 };
      await assert.rejects(extract(await write(buildZip([contentTypesEntry('docx'), bomb])), 'bomb.docx'), failure(/zip bomb/));
      await assert.rejects(extract(await write(buildZip([bomb])), 'bomb.docx'), failure(/zip bomb/));
    });

    test('images: too many pixels, damaged, or without text', async () => {
      await assert.rejects(
        extract(await write(png(10_000, 10_000, deflateSync(Buffer.alloc(16))), 'huge.png')),
        failure(/^the image is 10000 × 10000 pixels \(100 megapixels\); the limit is 40 megapixels$/),
      );
      await assert.rejects(extract(await write(png(300, 80, Buffer.from('not deflate data at all')))), failure(/^the image is damaged and cannot be read$/));
      const jpeg = await readFile(fixture('photo.jpg'));
      await assert.rejects(extract(await write(jpeg.subarray(0, 1500))), failure(/damaged/));
      await assert.rejects(extract(await write(whitePng(300, 80))), failure(/^no text could be extracted: no text was recognised in the image$/));
      assert.match((await extract(fixture('scan.png'))).text, /quick brown fox/, 'the OCR child still serves after failures');
    });

    test('text with nothing in it', async () => {
      await assert.rejects(extract(await write(' \n\n\t\n'), 'blank.txt'), failure(/^no text could be extracted from the file$/));
    });

    test('a parse that outlives its timeout is killed', async () => {
      const hasty = createFileExtractor({ timeoutMs: 50, memoryMb: 256 });
      try {
        await assert.rejects(
          hasty.extract({ path: fixture('lecture.pdf'), fileName: 'lecture.pdf' }),
          failure(/^the document could not be parsed within 50 ms$/),
        );
      } finally {
        await hasty.close();
      }
    });

    test('while a hostile file is being stopped, other extractions complete', async () => {
      const finished: string[] = [];
      const stuck = assert.rejects(
        parseInSandbox(hostile('loopForever'), { path: fixture('notes.txt') }, { timeoutMs: 4_000, memoryMb: 128 }).finally(() => finished.push('stuck')),
        failure(/within 4 s/),
      );
      const hiddenBomb = buildZip([contentTypesEntry('docx'), { name: 'word/document.xml', deflated: deflatedZeros(1024 ** 3), size: 4096 }]);
      const bomb = assert.rejects(extract(await write(hiddenBomb), 'bomb.docx'), failure(/zip bomb/));
      const [pdf, text, image] = await Promise.all([extract(fixture('lecture.pdf')), extract(fixture('notes.txt')), extract(fixture('photo.jpg'))]);
      finished.push('good');
      assert.equal(pdf.outline.length, 3);
      assert.equal(text.format, 'txt');
      assert.match(image.text, /Glaciers/);
      await Promise.all([stuck, bomb]);
      assert.deepEqual(finished, ['good', 'stuck']);
    });
  });

  describe('the sandbox', () => {
    const input = () => ({ path: fixture('notes.txt') });

    test('a parser that spins is killed at the deadline', async () => {
      await assert.rejects(
        parseInSandbox(hostile('loopForever'), input(), { timeoutMs: 1_500, memoryMb: 128 }),
        failure(/^the document could not be parsed within 1\.5 s$/),
      );
    });

    test('memory outside the JS heap (Buffers) is capped', async () => {
      await assert.rejects(
        parseInSandbox(hostile('hoardBuffers'), input(), { timeoutMs: 20_000, memoryMb: 128 }),
        failure(/^the document needs more memory than allowed \(128 MB\)$/),
      );
    });

    test('the JS heap is capped', async () => {
      await assert.rejects(
        parseInSandbox(hostile('hoardHeap'), input(), { timeoutMs: 20_000, memoryMb: 64 }),
        failure(/^the document needs more memory than allowed \(64 MB\)$/),
      );
    });

    test('a crash or an unexpected exit is a failure with a reason, the details kept as the cause', async () => {
      const limits = { timeoutMs: 10_000, memoryMb: 128 };
      await assert.rejects(parseInSandbox(hostile('throwTypeError'), input(), limits), (error: unknown) => {
        assert.ok(error instanceof ExtractionError);
        assert.equal(error.message, 'the document could not be parsed: the parser failed on it');
        assert.match(String((error.cause as Error).message), /Cannot read properties of undefined/);
        return true;
      });
      await assert.rejects(
        parseInSandbox(hostile('exitAbruptly'), input(), limits),
        failure(/^the document could not be parsed: the parser stopped unexpectedly \(code 3\)$/),
      );
    });

    test('tools a parser started are killed with it, even in a process group of their own', async () => {
      const pidFile = scratch.path('helper.pid');
      const request = await write(pidFile);
      await assert.rejects(parseInSandbox(hostile('startHelperAndHang'), { path: request }, { timeoutMs: 1_500, memoryMb: 128 }), failure(/within 1\.5 s/));
      const pid = Number(await readFile(pidFile, 'utf8'));
      // Gone, or a zombie waiting for an init that does not reap (as in some containers).
      const state = await readFile(`/proc/${pid}/stat`, 'utf8').then(
        (line) => line.split(') ')[1]?.[0],
        () => 'gone',
      );
      assert.ok(state === 'gone' || state === 'Z', `the helper is still ${state}`);
    });

    test('a long-lived child serves file after file, is replaced after a failure and stopped when idle', async () => {
      const resident = createResidentSandbox(hostile('spinOnRequest'), { timeoutMs: 1_500, memoryMb: 128, idleMs: 400 });
      const ok = await write('fine');
      const spin = await write('spin');
      const pidOf = async (path: string) => (JSON.parse((await resident.parse({ path })).text) as { pid: number }).pid;
      try {
        const first = await pidOf(ok);
        assert.equal(await pidOf(ok), first, 'the same child serves the next file');
        await assert.rejects(resident.parse({ path: spin }), failure(/within 1\.5 s/));
        const replacement = await pidOf(ok);
        assert.notEqual(replacement, first);
        await new Promise((resolve) => setTimeout(resolve, 800));
        assert.ok(
          !existsSync(`/proc/${replacement}/cmdline`) || (await readFile(`/proc/${replacement}/stat`, 'utf8')).split(') ')[1]?.startsWith('Z'),
          'the idle child is gone',
        );
        assert.notEqual(await pidOf(ok), replacement);
      } finally {
        await resident.close();
      }
    });

    test('the child sees no secrets and works in a private directory that is removed afterwards', async () => {
      process.env['GEMINI_API_KEY'] = 'secret-for-test';
      let seen: { environment: string[]; workDir: string; tmpdir: string; cwd: string };
      try {
        seen = JSON.parse((await parseInSandbox(hostile('describeSurroundings'), input(), { timeoutMs: 10_000, memoryMb: 128 })).text);
      } finally {
        delete process.env['GEMINI_API_KEY'];
      }
      assert.ok(!seen.environment.includes('GEMINI_API_KEY'));
      assert.ok(seen.workDir.startsWith(seen.tmpdir) && seen.cwd === seen.tmpdir);
      await assert.rejects(stat(seen.tmpdir), { code: 'ENOENT' });
    });
  });
});

describe('Markdown of a static site', () => {
  const scratch = scratchDirectory('lcs-markdown-');
  const parseMarkdown = async (markdown: string, fileName: string) => {
    const path = await scratch.write(markdown, fileName);
    const parse = await loadParser(parsers.markdown);
    return parse(path, { workDir: scratch.path(''), fileName });
  };

  test('its YAML front matter gives the title and is not read as text', async () => {
    const markdown = [
      '---',
      'title: "Porting To New Distributions"',
      'layout: default',
      'SPDX-License-Identifier: LGPL-2.1-or-later',
      '---',
      '',
      '# HOWTO',
      '',
      'Compile the project with the options your distribution needs.',
    ].join('\n');
    const content = await parseMarkdown(markdown, 'porting.md');
    assert.equal(content.title, 'Porting To New Distributions');
    assert.doesNotMatch(content.text, /layout: default|SPDX/);
    assert.match(content.text, /Compile the project/);
  });

  test('a fenced command inside a list item is code of its own, not the item\'s words ("On Linux:" over `npx postject …`)', async () => {
    const markdown = [
      '# Injecting the blob',
      '',
      '1. Inject the blob into the copied binary:',
      '   * On Linux:',
      '     ```bash',
      '     npx postject hello NODE_SEA_BLOB sea-prep.blob',
      '     ```',
      '   * On macOS:',
      '     ```bash',
      '     npx postject hello NODE_SEA_BLOB sea-prep.blob --macho-segment-name NODE_SEA',
      '     ```',
    ].join('\n');
    const content = await parseMarkdown(markdown, 'sea.md');
    const blocks = content.blocks ?? [];
    assert.deepEqual(
      blocks.filter((block) => block.kind === 'listItem').map((block) => block.text),
      ['Inject the blob into the copied binary:', 'On Linux:', 'On macOS:'],
    );
    assert.deepEqual(
      blocks.filter((block) => block.kind === 'code').map((block) => block.text),
      ['npx postject hello NODE_SEA_BLOB sea-prep.blob', 'npx postject hello NODE_SEA_BLOB sea-prep.blob --macho-segment-name NODE_SEA'],
    );
  });
});

describe('HTML file of a DocBook manual', () => {
  const scratch = scratchDirectory('lcs-html-');

  test("a paragraph's text around its inline elements is kept, blocks inside it (even inside an inline element) in their place; the banner, the page navigation and a sidebar of links are chrome, a box beside the text is not", async () => {
    const html = [
      '<html><head><title>13.5. Web Browsers</title></head><body>',
      '<div id="banner"><a href="http://debian-handbook.info/get/"><span class="text">Download the ebook</span></a></div>',
      '<ul class="docnav top"><li class="previous"><a href="prev.html"><strong>Prev</strong></a></li><li class="next"><a href="next.html"><strong>Next</strong></a></li></ul>',
      '<div class="section"><h2 class="title">13.5. Web Browsers</h2>',
      '<div class="para">Epiphany, the web browser in the GNOME suite, uses the <span class="emphasis"><em>WebKit</em></span> display engine. The relevant package is <span class="pkg">epiphany-browser</span>, which speaks <acronym class="acronym">HTTP</acronym>.</div>',
      '<div class="sidebar"><p class="title"><strong>VOCABULARY Firefox ESR</strong></p><div class="para">An Extended Support Release gets security updates for about a year.</div></div>',
      '<div class="sidebar"><ul><li><a href="a.html">Email</a></li><li><a href="b.html">Office suites</a></li></ul></div>',
      '<div class="para">Firefox comes in two packages:<span class="itemizedlist"><ul><li>firefox-esr, the default;</li><li>firefox, in Unstable.</li></ul></span>Both use the Gecko renderer.</div>',
      '</div></body></html>',
    ].join('');
    const path = await scratch.write(html, 'web-browsers.html');
    const parse = await loadParser(parsers.html);
    const content = await parse(path, { workDir: scratch.path(''), fileName: 'web-browsers.html' });
    const prose = (content.blocks ?? []).filter((block) => block.kind === 'prose').map((block) => block.text);
    assert.deepEqual(prose, [
      'Epiphany, the web browser in the GNOME suite, uses the WebKit display engine. The relevant package is epiphany-browser, which speaks HTTP.',
      'VOCABULARY Firefox ESR',
      'An Extended Support Release gets security updates for about a year.',
      'Firefox comes in two packages:',
      'Both use the Gecko renderer.',
    ]);
    assert.match(content.text, /Firefox comes in two packages:\n\n- firefox-esr, the default;\n- firefox, in Unstable\.\n\nBoth use the Gecko renderer\./);
    assert.deepEqual(content.emphasis, ['WebKit', 'VOCABULARY Firefox ESR']);
    assert.doesNotMatch(content.text, /Download the ebook|Prev|Next/);
    // A box beside the text is the text's own; a sidebar of links is a menu.
    assert.match(content.text, /An Extended Support Release gets security updates/);
    assert.doesNotMatch(content.text, /Office suites/);
  });
});
