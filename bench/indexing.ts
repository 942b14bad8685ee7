import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { makePdf } from '../test/support/make-pdf.ts';
import { createFileExtractor } from '../extraction/file-extractor.ts';
import { startTestService } from '../test/support/service.ts';
import { ingestFile, waitForSource } from '../test/support/sources.ts';
import { withoutSystemTools } from '../test/support/system-tools.ts';

// Indexing speed. PDF: pages/s of the service's extractor (sandboxed pdftotext) on a 1000-page PDF
// against plain pdftotext on the same file in the same run (upload and queueing included), and of
// the pdf.js path used when poppler is not installed (same file, same run, with its peak RSS). Then the
// time from upload to `indexed` for a 20-page DOCX, a 50-slide PPTX, a 10k-row XLSX and a 1-page
// PNG, generated here with LibreOffice. Run: node bench/indexing.ts

const dir = await mkdtemp(join(tmpdir(), 'lcs-bench-index-'));
const service = await startTestService({ MAX_UPLOAD_BYTES: String(500 * 1024 * 1024) });
try {
  const { apiKey } = await service.createOrganization();
  const timeIndexing = async (name: string, bytes: Buffer) => {
    const started = performance.now();
    const response = await ingestFile(service, apiKey, { name, bytes });
    const source = await waitForSource(service, apiKey, response.body.data.id, 600_000);
    if (source.status !== 'indexed') throw new Error(`${name}: ${source.error}`);
    return { seconds: (performance.now() - started) / 1000, source };
  };

  const sentence = 'The cell membrane controls what enters and leaves the cell, and the nucleus holds its genetic material.';
  const pdf = makePdf(Array.from({ length: 1000 }, (_, p) => Array.from({ length: 40 }, (_, l) => `Page ${p + 1} line ${l + 1}. ${sentence}`)));
  const pdfPath = join(dir, 'big.pdf');
  await writeFile(pdfPath, pdf);
  const plainStarted = performance.now();
  execFileSync('pdftotext', ['-enc', 'UTF-8', pdfPath, join(dir, 'plain.txt')]);
  const plainSeconds = (performance.now() - plainStarted) / 1000;
  const extractor = createFileExtractor({ timeoutMs: 120_000, memoryMb: 512 });
  const extractStarted = performance.now();
  await extractor.extract({ path: pdfPath, fileName: 'big.pdf' });
  const extractSeconds = (performance.now() - extractStarted) / 1000;
  const restorePath = await withoutSystemTools();
  const pdfJsStarted = performance.now();
  await extractor.extract({ path: pdfPath, fileName: 'big.pdf' });
  const pdfJsSeconds = (performance.now() - pdfJsStarted) / 1000;
  // The parser alone in a process of its own, for its peak resident memory.
  const peakKb = Number(
    execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { parsePdf } = await import(${JSON.stringify(new URL('../extraction/formats/pdf.ts', import.meta.url).href)}); await parsePdf(${JSON.stringify(pdfPath)}, { workDir: ${JSON.stringify(dir)} }); console.log(process.resourceUsage().maxRSS);`,
      ],
      { env: process.env },
    )
      .toString()
      .trim(),
  );
  restorePath();
  await extractor.close();
  console.log(
    `1000-page PDF without poppler (pdf.js): ${(1000 / pdfJsSeconds).toFixed(0)} pages/s = ${((extractSeconds / pdfJsSeconds) * 100).toFixed(0)}% of the poppler path, peak RSS of the parsing process ${(peakKb / 1024).toFixed(0)} MB`,
  );
  const pdfRun = await timeIndexing('big.pdf', pdf);
  console.log(
    `1000-page PDF: pdftotext ${(1000 / plainSeconds).toFixed(0)} pages/s; the extractor (sniffing, sandboxed child, outline) ${(1000 / extractSeconds).toFixed(0)} pages/s = ${((plainSeconds / extractSeconds) * 100).toFixed(0)}% of pdftotext (target ≥ 50%); upload → indexed over HTTP ${(1000 / pdfRun.seconds).toFixed(0)} pages/s`,
  );

  const soffice = (source: string, target: string) => {
    execFileSync('soffice', [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--convert-to', target, '--outdir', dir, source], {
      stdio: 'ignore',
    });
  };
  const docxHtml = join(dir, 'report.html');
  await writeFile(
    docxHtml,
    `<html><body>${Array.from({ length: 20 }, (_, s) => `<h1>Chapter ${s + 1}</h1>${Array.from({ length: 12 }, () => `<p>${sentence} ${sentence}</p>`).join('')}<p style="page-break-after: always"></p>`).join('')}</body></html>`,
  );
  soffice(docxHtml, 'docx:MS Word 2007 XML');
  const csvPath = join(dir, 'rows.csv');
  await writeFile(
    csvPath,
    ['Country,Capital,Population,Area', ...Array.from({ length: 10_000 }, (_, i) => `Country ${i},Capital ${i},${1000 + i},${50 + i}`)].join('\n'),
  );
  soffice(csvPath, 'xlsx');
  const fodp = join(dir, 'deck.fodp');
  const slides = Array.from(
    { length: 50 },
    (_, i) =>
      `<draw:page draw:name="s${i}"><draw:frame presentation:class="title" svg:width="20cm" svg:height="3cm" svg:x="1cm" svg:y="1cm"><draw:text-box><text:p>Slide ${i + 1}</text:p></draw:text-box></draw:frame><draw:frame presentation:class="outline" svg:width="20cm" svg:height="10cm" svg:x="1cm" svg:y="5cm"><draw:text-box><text:p>${sentence}</text:p></draw:text-box></draw:frame></draw:page>`,
  ).join('');
  await writeFile(
    fodp,
    `<?xml version="1.0" encoding="UTF-8"?><office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.presentation"><office:body><office:presentation>${slides}</office:presentation></office:body></office:document>`,
  );
  soffice(fodp, 'pptx');
  for (const [name, label] of [
    ['report.docx', '20-page DOCX'],
    ['deck.pptx', '50-slide PPTX'],
    ['rows.xlsx', '10k-row XLSX'],
  ] as const) {
    const run = await timeIndexing(name, await readFile(join(dir, name)));
    console.log(`${label.padEnd(14)} upload → indexed ${run.seconds.toFixed(2)} s (${run.source.outline.length} outline entries)`);
  }
  const png = await readFile(join(import.meta.dirname, '..', 'test', 'fixtures', 'documents', 'scan.png'));
  const first = await timeIndexing('scan.png', png);
  await sleep(100);
  const second = await timeIndexing('scan2.png', png);
  console.log(`1-page PNG     upload → indexed ${first.seconds.toFixed(2)} s cold (OCR engine start), ${second.seconds.toFixed(2)} s warm`);
} finally {
  await service.stop();
  await rm(dir, { recursive: true, force: true });
}
