import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { once } from 'node:events';
import { createDeflateRaw } from 'node:zlib';
import { buildZip, deflatedZeros } from '../fixtures/documents/build-zip.ts';
import { makePdf, makeScannedPdf } from '../support/make-pdf.ts';
import { withoutSystemTools } from '../support/system-tools.ts';
import { startTestService, type TestService } from '../support/service.ts';
import { ingestFile, uploadThroughUrl, waitForSource } from '../support/sources.ts';

// Every accepted format through both ingestion paths (multipart ingestSource and the upload URL),
// asserting known sentences and the outline; then hostile files fail with reasons while the rest
// keeps indexing. All of it twice: with the system tools installed (poppler, LibreOffice, ffmpeg),
// and with them hidden from PATH, as on a machine where `npm install` was the whole set-up.

const fixtures = join(import.meta.dirname, '..', 'fixtures');
const load = (name: string) => readFile(join(fixtures, 'documents', name));
const loadFrom = (folder: string, name: string) => readFile(join(fixtures, folder, name));

type Case = { name: string; type: string; bytes: () => Promise<Buffer>; sentence: RegExp; kinds: string[]; titles?: (string | undefined)[] };

const cases: Case[] = [
  {
    name: 'report.docx',
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    bytes: () => load('report.docx'),
    sentence: /Gulf Stream carries warm water/,
    kinds: ['section', 'section', 'section'],
    titles: ['Ocean Currents', 'Surface Currents', 'Deep Currents'],
  },
  {
    name: 'report.doc',
    type: 'application/msword',
    bytes: () => load('report.doc'),
    sentence: /Thermohaline circulation is driven/,
    kinds: ['section', 'section', 'section'],
  },
  {
    name: 'slides.pptx',
    type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    bytes: () => load('slides.pptx'),
    sentence: /Notes: Mention that oceans supply/,
    kinds: ['slide', 'slide', 'slide', 'slide'],
    titles: ['The Water Cycle', 'Evaporation', 'Condensation', 'Precipitation'],
  },
  {
    name: 'slides.ppt',
    type: 'application/vnd.ms-powerpoint',
    bytes: () => load('slides.ppt'),
    sentence: /Rain, snow and hail return water/,
    kinds: ['slide', 'slide', 'slide', 'slide'],
  },
  {
    name: 'sheets.xlsx',
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    bytes: () => load('sheets.xlsx'),
    sentence: /Planet: Jupiter; Moons: 95; Type: Gas giant/,
    kinds: ['sheet', 'sheet'],
    titles: ['Planets', 'Stars'],
  },
  {
    name: 'sheets.xls',
    type: 'application/vnd.ms-excel',
    bytes: () => load('sheets.xls'),
    sentence: /Star: Betelgeuse; Constellation: Orion/,
    kinds: ['sheet', 'sheet'],
    titles: ['Planets', 'Stars'],
  },
  {
    name: 'notes.txt',
    type: 'text/plain',
    bytes: async () => Buffer.from('# Deserts\n\nA desert receives less than 250 mm of rain a year.\n\n## Dunes\n\nDunes are hills of sand shaped by wind.\n'),
    sentence: /Dunes are hills of sand/,
    kinds: ['section', 'section'],
    titles: ['Deserts', 'Dunes'],
  },
  {
    name: 'planets.csv',
    type: 'text/csv',
    bytes: async () => Buffer.from('Planet,Rings\nSaturn,Yes\nMars,No\n'),
    sentence: /Planet: Saturn; Rings: Yes/,
    kinds: ['sheet'],
  },
  {
    name: 'cells.pdf',
    type: 'application/pdf',
    bytes: async () => makePdf([['Cells are the units of life.'], ['Tissues are groups of cells.']]),
    sentence: /Tissues are groups of cells/,
    kinds: ['page', 'page'],
  },
  { name: 'scan.png', type: 'image/png', bytes: () => load('scan.png'), sentence: /quick brown fox/, kinds: ['page'] },
  { name: 'photo.jpg', type: 'image/jpeg', bytes: () => load('photo.jpg'), sentence: /Glaciers carve valleys/, kinds: ['page'] },
  {
    name: 'handout.pdf',
    type: 'application/pdf',
    bytes: () => makeScannedPdf([['Erosion wears rock away by water and wind.']]),
    sentence: /Erosion wears rock away/,
    kinds: ['page'],
  },
  {
    name: 'volcanoes.epub',
    type: 'application/epub+zip',
    bytes: () => loadFrom('books', 'volcanoes.epub'),
    sentence: /Magma is molten rock/,
    kinds: ['section', 'section'],
    titles: ['Magma', 'Eruptions'],
  },
  {
    name: 'lecture.odt',
    type: 'application/vnd.oasis.opendocument.text',
    bytes: () => loadFrom('office', 'lecture.odt'),
    sentence: /Ring of Fire surrounds the Pacific/,
    kinds: ['section', 'section', 'section', 'section'],
    titles: ['Plate Tectonics', 'Plate Boundaries', 'Earthquakes and Volcanoes', 'Ring of Fire'],
  },
  {
    name: 'deck.odp',
    type: 'application/vnd.oasis.opendocument.presentation',
    bytes: () => loadFrom('office', 'deck.odp'),
    sentence: /Calvin cycle fixes carbon dioxide/,
    kinds: ['slide', 'slide', 'slide', 'slide'],
    titles: ['Photosynthesis', 'Light Reactions', 'Calvin Cycle', 'Summary'],
  },
  {
    name: 'rivers.md',
    type: 'text/markdown',
    bytes: async () => Buffer.from('# Rivers\n\nA river carries water to the sea.\n\n## Deltas\n\nA delta forms where a river deposits silt.\n'),
    sentence: /river deposits silt/,
    kinds: ['section', 'section'],
    titles: ['Rivers', 'Deltas'],
  },
  {
    name: 'tundra.html',
    type: 'text/html',
    bytes: async () =>
      Buffer.from(
        '<!DOCTYPE html><html><head><title>Tundra</title></head><body><h1>Tundra</h1><p>Permafrost lies under the tundra.</p><script>document.write("injected")</script></body></html>',
      ),
    sentence: /Permafrost lies under the tundra/,
    kinds: ['section'],
    titles: ['Tundra'],
  },
];

/** An EPUB whose one chapter inflates to 1 GiB of zeros. */
const epubBomb = () =>
  buildZip([
    { name: 'mimetype', data: Buffer.from('application/epub+zip'), stored: true },
    { name: 'META-INF/container.xml', data: Buffer.from('<container><rootfiles><rootfile full-path="book.opf"/></rootfiles></container>') },
    { name: 'chapter.xhtml', deflated: deflatedZeros(1024 ** 3), size: 1024 ** 3 },
  ]);

/** A valid zip whose one entry, named like a Word document part, inflates to 1 GiB of zeros. */
async function zipBomb(): Promise<Buffer> {
  const inflated = 1024 * 1024 * 1024;
  const deflate = createDeflateRaw({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => parts.push(chunk));
  const zeros = Buffer.alloc(16 * 1024 * 1024);
  for (let written = 0; written < inflated; written += zeros.length) {
    if (!deflate.write(zeros)) await once(deflate, 'drain');
  }
  deflate.end();
  await once(deflate, 'end');
  const compressed = Buffer.concat(parts);
  const name = Buffer.from('word/document.xml');
  const header = (signature: number, size: number) => {
    const buffer = Buffer.alloc(size);
    buffer.writeUInt32LE(signature, 0);
    return buffer;
  };
  const local = header(0x04034b50, 30);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(0, 14);
  local.writeUInt32LE(compressed.length, 18);
  local.writeUInt32LE(inflated, 22);
  local.writeUInt16LE(name.length, 26);
  const central = header(0x02014b50, 46);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(compressed.length, 20);
  central.writeUInt32LE(inflated, 24);
  central.writeUInt16LE(name.length, 28);
  const end = header(0x06054b50, 22);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length + compressed.length, 16);
  return Buffer.concat([local, name, compressed, central, name, end]);
}

for (const tools of ['with the system tools', 'with npm packages only (no poppler, LibreOffice or ffmpeg on PATH)'] as const)
  describe(`every format through both ingestion paths, ${tools}`, () => {
    let service: TestService;
    let apiKey: string;
    let restorePath = () => undefined as void;
    before(async () => {
      if (tools !== 'with the system tools') restorePath = await withoutSystemTools();
      service = await startTestService({ WORKER_CONCURRENCY: '4' });
      apiKey = (await service.createOrganization('Formats')).apiKey;
    });
    after(async () => {
      await service.stop();
      restorePath();
    });

    for (const format of cases) {
      test(format.name, async () => {
        const bytes = await format.bytes();
        const viaMultipart = (await ingestFile(service, apiKey, { name: format.name, bytes, type: format.type })).body.data.id as string;
        const viaUrl = await uploadThroughUrl(service, apiKey, { name: format.name, bytes, type: format.type });
        assert.equal(viaUrl.putStatus, 200, viaUrl.putBody);
        for (const id of [viaMultipart, viaUrl.sourceId]) {
          const source = await waitForSource(service, apiKey, id, 120_000);
          assert.equal(source.status, 'indexed', `${format.name}: ${source.error}`);
          const content = (await service.call('GET', `/v1/sources/${id}/content`, { apiKey })).body.data;
          assert.match(content.text, format.sentence);
          assert.deepEqual(
            content.outline.map((entry: { kind: string }) => entry.kind),
            format.kinds,
          );
          if (format.titles)
            assert.deepEqual(
              content.outline.map((entry: { title?: string }) => entry.title),
              format.titles,
            );
        }
      });
    }

    test('a lecture recording without a Gemini key fails, saying transcription needs GEMINI_API_KEY', async () => {
      const created = await service.call('POST', '/v1/sources/upload-url', { apiKey, json: { fileName: 'week1.mp3', sourceType: 'lectureAudio' } });
      // An MP3 as far as its first bytes go (an ID3 tag).
      const mp3 = Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'), Buffer.alloc(4086, 7)]);
      const put = await fetch(created.body.uploadUrl, { method: 'PUT', headers: { 'content-type': 'audio/mpeg' }, body: new Uint8Array(mp3) });
      assert.equal(put.status, 200, await put.text());
      const source = await waitForSource(service, apiKey, created.body.sourceId, 120_000);
      assert.equal(source.status, 'failed');
      assert.match(source.error, /needs the Gemini transcriber, which is not configured \(set GEMINI_API_KEY\)/);
    });

    test('hostile files fail with reasons while other sources keep indexing', async () => {
      const bomb = (await ingestFile(service, apiKey, { name: 'bomb.docx', bytes: await zipBomb() })).body.data.id as string;
      const truncated = (await ingestFile(service, apiKey, { name: 'cut.pdf', bytes: makePdf([['Some text.']]).subarray(0, 200) })).body.data.id as string;
      const empty = await ingestFile(service, apiKey, { name: 'empty.txt', bytes: Buffer.alloc(0) });
      const randomBytes = (
        await ingestFile(service, apiKey, { name: 'noise.pdf', bytes: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(5000, 0x8f)]) })
      ).body.data.id as string;
      const good = (await ingestFile(service, apiKey, { name: 'fine.txt', bytes: Buffer.from('A fjord is a long narrow inlet with steep sides.') })).body.data
        .id as string;
      const book = (await ingestFile(service, apiKey, { name: 'bomb.epub', bytes: epubBomb() })).body.data.id as string;
      const odt = (await ingestFile(service, apiKey, { name: 'cut.odt', bytes: (await loadFrom('office', 'lecture.odt')).subarray(0, 3000) })).body.data
        .id as string;
      assert.equal(empty.status, 400, 'an empty file is refused at once');
      const [bombSource, truncatedSource, noiseSource, goodSource] = await Promise.all(
        [bomb, truncated, randomBytes, good].map((id) => waitForSource(service, apiKey, id, 120_000)),
      );
      assert.equal(goodSource.status, 'indexed');
      assert.equal(bombSource.status, 'failed');
      assert.match(bombSource.error, /zip bomb|expands/);
      assert.equal(truncatedSource.status, 'failed');
      assert.match(truncatedSource.error, /damaged|truncated/);
      assert.equal(noiseSource.status, 'failed');
      const [bookSource, odtSource] = await Promise.all([book, odt].map((id) => waitForSource(service, apiKey, id, 120_000)));
      assert.equal(bookSource.status, 'failed');
      assert.match(bookSource.error, /zip bomb|expands/);
      assert.equal(odtSource.status, 'failed');
      assert.match(odtSource.error, /damaged|truncated/);
      const page = (
        await ingestFile(service, apiKey, {
          name: 'tundra.html',
          bytes: Buffer.from('<html><body><h1>Tundra</h1><p>Lichens grow on rocks.</p><script>document.write("injected")</script></body></html>'),
        })
      ).body.data.id as string;
      await waitForSource(service, apiKey, page, 120_000);
      assert.doesNotMatch(
        (await service.call('GET', `/v1/sources/${page}/content`, { apiKey })).body.data.text,
        /injected|document\.write/,
        'scripts are never content',
      );
      assert.equal((await service.call('GET', '/healthz')).status, 200);
    });
  });
