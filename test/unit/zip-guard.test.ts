import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ExtractionError } from '../../extraction/extractor.ts';
import { defaultZipLimits, guardZip, listZipEntries } from '../../extraction/zip-guard.ts';
import { buildZip, contentTypesEntry, deflatedZeros, type ZipEntry } from '../fixtures/documents/build-zip.ts';
import { scratchDirectory } from '../support/scratch-directory.ts';

const GiB = 1024 ** 3;
const fixture = (name: string) => join(import.meta.dirname, '..', 'fixtures', 'documents', name);

describe('zip guard', () => {
  const scratch = scratchDirectory('lcs-zip-guard-');
  const write = (bytes: Buffer) => scratch.write(bytes, 'archive.zip');
  const docx = (...entries: ZipEntry[]) => write(buildZip([contentTypesEntry('docx'), ...entries]));
  const refused = (pattern: RegExp) => (error: unknown) => error instanceof ExtractionError && pattern.test(error.message) && !error.retryable;

  test('real Office documents pass, with every part inflated and counted', async () => {
    for (const name of ['report.docx', 'slides.pptx', 'sheets.xlsx']) {
      const summary = await guardZip(fixture(name));
      assert.ok(summary.entries > 3, name);
      assert.ok(summary.inflatedBytes > 1000, name);
    }
  });

  test('a bomb that declares its 1 GiB is refused', async () => {
    const path = await docx({ name: 'word/document.xml', deflated: deflatedZeros(GiB), size: GiB });
    await assert.rejects(guardZip(path), refused(/expands to 1\.0 GB or more when unpacked \(a zip bomb\?\); the limit is 200 MB/));
  });

  test('a 10 GiB bomb (zip64 sizes) is refused', async () => {
    const path = await docx({ name: 'word/document.xml', deflated: deflatedZeros(10 * GiB), size: 10 * GiB });
    await assert.rejects(guardZip(path), refused(/expands to 10\.0 GB or more/));
  });

  test('a bomb that hides its size is stopped once it inflates past what it declared', async () => {
    const path = await docx({ name: 'word/document.xml', deflated: deflatedZeros(GiB), size: 4096 });
    await assert.rejects(guardZip(path), refused(/unpacks to more than it declares \(a zip bomb\?\)/));
  });

  test('parts that add up past the total are refused, however small each is', async () => {
    const parts = Array.from({ length: 5 }, (_, i) => ({ name: `word/media/part${i}.bin`, data: Buffer.alloc(300 * 1024, i) }));
    const path = await docx(...parts);
    await guardZip(path);
    await assert.rejects(guardZip(path, { ...defaultZipLimits, maxTotalBytes: 1024 * 1024 }), refused(/expands to 1 MB or more/));
  });

  test('one part with an extreme ratio is refused even under the total', async () => {
    const path = await docx({ name: 'word/document.xml', deflated: deflatedZeros(32 * 1024 * 1024), size: 32 * 1024 * 1024 });
    await assert.rejects(guardZip(path), refused(/a part that expands \d+ times \(a zip bomb\?\)/));
  });

  test('entries are listed from the directory alone', async () => {
    const names = await listZipEntries(await docx({ name: 'word/document.xml', deflated: deflatedZeros(GiB), size: GiB }));
    assert.deepEqual(names, ['[Content_Types].xml', 'word/document.xml']);
  });

  test('more than 10,000 entries are refused', async () => {
    const empty = Buffer.from([0x03, 0x00]);
    const entries = (count: number) => Array.from({ length: count }, (_, i) => ({ name: `customXml/item${i}.xml`, deflated: empty, size: 0 }));
    const tooMany = await write(buildZip(entries(10_001)));
    await assert.rejects(guardZip(tooMany), refused(/more than 10000 parts/));
    await assert.rejects(listZipEntries(tooMany), refused(/more than 10000 parts/));
    const fewer = { ...defaultZipLimits, maxEntries: 20 };
    assert.equal((await guardZip(await write(buildZip(entries(20))), fewer)).entries, 20);
    await assert.rejects(guardZip(await write(buildZip(entries(21))), fewer), refused(/more than 20 parts/));
  });

  test('paths that leave the archive are refused', async () => {
    for (const name of ['../../etc/passwd', '/etc/passwd', 'word/../../../outside.xml', '..\\..\\windows\\system.ini', 'C:/autoexec.bat']) {
      const path = await docx({ name, data: Buffer.from('x') });
      await assert.rejects(guardZip(path), refused(/path leaves the archive/), name);
    }
  });

  test('damaged and encrypted archives are refused with what is wrong', async () => {
    const good = buildZip([contentTypesEntry('docx'), { name: 'word/document.xml', data: Buffer.from('<w:document/>'.repeat(100)) }]);
    await assert.rejects(guardZip(await write(good.subarray(0, good.length - 40))), refused(/damaged: its zip container cannot be read/));
    const scrambled = Buffer.from(good);
    scrambled.fill(0xfe, 200, 260);
    await assert.rejects(guardZip(await write(scrambled)), refused(/damaged/));
    await assert.rejects(guardZip(await write(Buffer.from('PK\x03\x04 not really a zip'))), refused(/damaged/));
    const encrypted = await docx({ name: 'word/document.xml', data: Buffer.from('<w:document/>'), flags: 0x1 });
    await assert.rejects(guardZip(encrypted), refused(/password-protected/));
  });
});
