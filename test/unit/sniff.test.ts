import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import CFB from 'cfb';
import { ExtractionError, type FileFormat } from '../../extraction/extractor.ts';
import { assertNameMatchesContent, sniffBuffer, sniffFormat } from '../../extraction/sniff.ts';
import { buildZip, contentTypesEntry } from '../fixtures/documents/build-zip.ts';
import { scratchDirectory } from '../support/scratch-directory.ts';

const fixture = (name: string) => join(import.meta.dirname, '..', 'fixtures', 'documents', name);
const failure = (pattern: RegExp) => (error: unknown) => error instanceof ExtractionError && pattern.test(error.message);

const cfbWith = (...streams: string[]) => {
  const container = CFB.utils.cfb_new();
  for (const stream of streams) CFB.utils.cfb_add(container, `/${stream}`, Buffer.alloc(4096, 1));
  return Buffer.from(CFB.write(container, { type: 'buffer' }) as Uint8Array);
};

const table = 'Country;Capital;Population\nFrance;Paris;68 million\nSpain;Madrid;48 million\nItaly;Rome;59 million\n';
const prose = 'Rivers, lakes and seas hold water.\nClouds, in turn, carry it over land.\nRain then falls, and the cycle repeats.\n';

describe('sniffFormat reads the format from the bytes', () => {
  const { write } = scratchDirectory('lcs-sniff-');

  test('every committed fixture, whatever it is called', async () => {
    const expected: Record<string, FileFormat> = {
      'lecture.pdf': 'pdf',
      'scan.png': 'png',
      'photo.jpg': 'jpeg',
      'report.docx': 'docx',
      'slides.pptx': 'pptx',
      'sheets.xlsx': 'xlsx',
      'report.doc': 'doc',
      'slides.ppt': 'ppt',
      'sheets.xls': 'xls',
      'notes.txt': 'txt',
      'planets.csv': 'csv',
    };
    for (const [name, format] of Object.entries(expected)) {
      assert.equal(await sniffFormat(fixture(name), name), format, name);
      const renamed = await write(await readFile(fixture(name)));
      assert.equal(await sniffFormat(renamed, 'upload.bin'), format, `${name} named upload.bin`);
    }
  });

  test('text is TXT or CSV: by the name when it says, else by whether it is a consistent table', async () => {
    const path = await write(table);
    assert.equal(await sniffFormat(path), 'csv');
    assert.equal(await sniffFormat(path, 'data.csv'), 'csv');
    assert.equal(await sniffFormat(path, 'data.txt'), 'txt');
    assert.equal(await sniffFormat(await write(table.replaceAll(';', '\t'))), 'csv');
    assert.equal(await sniffFormat(await write('Name,Note\n"Smith, J.","said ""hi"", then left"\n"Doe, A.",quiet\n')), 'csv');
    assert.equal(await sniffFormat(await write(prose)), 'txt', 'prose whose comma counts differ');
    assert.equal(await sniffFormat(await write('a,b\n1,2\n')), 'txt', 'a header and one row is too little to call a table');
    assert.equal(await sniffFormat(await write(prose), 'notes.csv'), 'csv', 'the name decides');
    assert.equal(await sniffFormat(await write(`\uFEFF${table}`)), 'csv', 'a byte order mark is allowed');
    assert.equal(await sniffFormat(await write('Été à Montréal — ça va. 東京\n')), 'txt');
  });

  test('an XHTML page (an XML declaration before its html element, as DocBook writes them) is HTML, other XML is refused', async () => {
    const xhtml =
      '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd"><html xmlns="http://www.w3.org/1999/xhtml"><head><title>Backup</title></head><body><p>Backups are copies.</p></body></html>';
    assert.equal(await sniffFormat(await write(xhtml), 'backup.html'), 'html');
    assert.equal(await sniffFormat(await write(xhtml), 'upload.bin'), 'html');
    await assert.rejects(sniffFormat(await write('<?xml version="1.0"?>\n<feed><entry>news</entry></feed>'), 'feed.html'), failure(/application\/xml/));
  });

  test('an empty file is refused as empty', async () => {
    await assert.rejects(sniffFormat(await write(Buffer.alloc(0)), 'notes.txt'), failure(/^the file is empty$/));
  });

  test('unknown bytes are refused with the formats that are accepted', async () => {
    const accepted = /accepted formats are PDF, DOCX, DOC, PPTX, PPT, XLSX, XLS, ODT, ODP, EPUB, TXT, Markdown, HTML, CSV, PNG and JPEG/;
    const random = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256));
    await assert.rejects(sniffFormat(await write(random), 'x.pdf'), failure(accepted));
    await assert.rejects(sniffFormat(await write(Buffer.from('latin-1 caf\xe9\n', 'latin1'))), failure(/not a PDF, Office, PNG or JPEG file nor UTF-8 text/));
    await assert.rejects(sniffFormat(await write(Buffer.from('text\0with a NUL byte'))), failure(accepted));
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(100)]);
    await assert.rejects(sniffFormat(await write(gif), 'x.png'), failure(/unsupported file type: the content is image\/gif \(\.gif\)/));
    await assert.rejects(sniffFormat(await write(Buffer.from('\uFEFFhello', 'utf16le'))), failure(/UTF-16; save it as UTF-8/));
  });

  test('zip archives: Office packages by their parts, anything else refused', async () => {
    assert.equal(await sniffFormat(await write(buildZip([contentTypesEntry('xlsx'), { name: 'xl/workbook.xml', data: Buffer.from('<w/>') }]))), 'xlsx');
    assert.equal(await sniffFormat(await write(buildZip([{ name: 'ppt/presentation.xml', data: Buffer.from('<p/>') }]))), 'pptx');
    await assert.rejects(
      sniffFormat(await write(buildZip([{ name: 'photos/beach.jpg', data: Buffer.from('not a photo') }]))),
      failure(/a zip archive, not a Word, PowerPoint or Excel document/),
    );
  });

  test('Office 97-2003 containers by their streams', async () => {
    assert.equal(await sniffFormat(await write(cfbWith('WordDocument', '1Table'))), 'doc');
    assert.equal(await sniffFormat(await write(cfbWith('Book'))), 'xls');
    assert.equal(await sniffFormat(await write(cfbWith('PowerPoint Document', 'Current User'))), 'ppt');
    await assert.rejects(sniffFormat(await write(cfbWith('EncryptionInfo', 'EncryptedPackage'))), failure(/password-protected/));
    await assert.rejects(
      sniffFormat(await write(cfbWith('__substg1.0_0037001F'))),
      failure(/an Office 97-2003 container but not a Word, PowerPoint or Excel document/),
    );
    const damaged = cfbWith('WordDocument').subarray(0, 700);
    await assert.rejects(sniffFormat(await write(damaged)), failure(/damaged/));
  });

  test('a PDF with junk before its header is still a PDF', async () => {
    const pdf = await readFile(fixture('lecture.pdf'));
    assert.equal(await sniffFormat(await write(Buffer.concat([Buffer.from('\x00\x01mail gateway\r\n'), pdf]))), 'pdf');
    assert.equal(await sniffFormat(await write('A note about the %PDF-1.7 header.\n')), 'txt');
  });
});

describe('sniffBuffer: the early check on the first bytes of an upload', () => {
  test('accepted formats are recognised from a 4 KB head', async () => {
    const head = async (name: string) => (await readFile(fixture(name))).subarray(0, 4096);
    assert.equal(sniffBuffer(await head('lecture.pdf')), 'pdf');
    assert.equal(sniffBuffer(await head('scan.png')), 'png');
    assert.equal(sniffBuffer(await head('photo.jpg')), 'jpeg');
    for (const name of ['report.docx', 'slides.pptx', 'sheets.xlsx', 'report.doc', 'slides.ppt', 'sheets.xls'])
      assert.equal(sniffBuffer(await head(name)), 'office', name);
    const unusualOrder = buildZip([
      { name: 'media/logo.png', data: Buffer.from('x') },
      contentTypesEntry('docx'),
      { name: 'word/document.xml', data: Buffer.from('<w/>') },
    ]);
    assert.equal(sniffBuffer(unusualOrder), 'office', 'content types after another part');
    assert.equal(sniffBuffer(await head('notes.txt')), 'txt');
    assert.equal(sniffBuffer(await head('planets.csv'), 'planets.csv'), 'csv');
  });

  test('a multi-byte character cut by the end of the head is still text', () => {
    const text = Buffer.from('é'.repeat(3000));
    assert.equal(sniffBuffer(text.subarray(0, 4095)), 'txt');
  });

  test('clearly unsupported heads are null (the API answers 415)', () => {
    assert.equal(sniffBuffer(Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(100)])), null);
    assert.equal(sniffBuffer(buildZip([{ name: 'photos/beach.jpg', data: Buffer.from('x') }])), null);
    assert.equal(sniffBuffer(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0])), null);
    assert.equal(sniffBuffer(Buffer.from('latin-1 caf\xe9 au lait', 'latin1')), null);
  });

  test('a name does not make bytes acceptable', () => {
    assert.equal(sniffBuffer(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 0]), 'report.pdf'), null);
  });
});

describe('assertNameMatchesContent', () => {
  test('a name that contradicts the bytes is refused, saying both', () => {
    assert.throws(() => assertNameMatchesContent('png', 'lecture.pdf'), failure(/^the file is named \.pdf but its content is a PNG image$/));
    assert.throws(() => assertNameMatchesContent('doc', 'sheet.XLSX'), failure(/named \.xlsx but its content is a Word 97-2003 document/));
    assert.throws(() => assertNameMatchesContent('txt', 'photo.jpg'), failure(/named \.jpg but its content is plain text/));
  });

  test('names that agree, say nothing, or are not ours pass', () => {
    assertNameMatchesContent('jpeg', 'photo.JPG');
    assertNameMatchesContent('jpeg', 'photo.jpeg');
    assertNameMatchesContent('csv', 'notes.txt');
    assertNameMatchesContent('txt', 'table.csv');
    assertNameMatchesContent('docx', 'macro.docm');
    assertNameMatchesContent('pdf', undefined);
    assertNameMatchesContent('pdf', 'no-extension');
    assertNameMatchesContent('png', 'diagram.gif');
  });
});
