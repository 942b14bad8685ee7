import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

// Office parsers on a 20-page DOCX, a 50-slide PPTX with notes and a 10,000-row XLSX, generated here
// with LibreOffice, plus their DOC, PPT and XLS versions. Every parse runs in a fresh process, as in
// the sandbox, so the time includes loading the parser and the peak RSS is the parse's own. The
// baseline, in the same run: officeparser's plain document tree of the same file (the parse the
// DOCX and XLSX parsers replace; for PPTX the one they build on). Run: node bench/office-indexing.ts

const RUNS = 3;

type Sample = { loadMs: number; ms: number; maxRssMb: number; entries: number; chars?: number };

const parsers: Record<string, [module: string, name: string]> = {
  docx: ['../extraction/formats/docx.ts', 'parseDocx'],
  pptx: ['../extraction/formats/pptx.ts', 'parsePptx'],
  xlsx: ['../extraction/formats/xlsx.ts', 'parseXlsx'],
  doc: ['../extraction/formats/doc.ts', 'parseDoc'],
  ppt: ['../extraction/formats/ppt.ts', 'parsePpt'],
  xls: ['../extraction/formats/xls.ts', 'parseXls'],
};

/** Child mode: one parse, then its duration and the process's peak RSS as JSON on stdout. */
async function measure(kind: string, path: string, workDir: string): Promise<void> {
  const started = performance.now();
  let loaded: number;
  let counts: { entries: number; chars?: number };
  if (kind === 'baseline') {
    const { parseOffice } = await import('officeparser');
    loaded = performance.now();
    const ast = await parseOffice(path, { ocr: false, extractAttachments: false, ignoreSlideMasters: true, ignoreComments: true });
    counts = { entries: ast.content.length };
  } else {
    const [module, name] = parsers[kind] as [string, string];
    const parse = (await import(module))[name];
    loaded = performance.now();
    const content = await parse(path, { workDir });
    counts = { entries: content.outline.length, chars: content.text.length };
  }
  const sample: Sample = { loadMs: loaded - started, ms: performance.now() - started, maxRssMb: process.resourceUsage().maxRSS / 1024, ...counts };
  process.stdout.write(JSON.stringify(sample));
}

function run(kind: string, path: string, workDir: string): Sample {
  const samples = Array.from({ length: RUNS }, () => {
    const child = spawnSync(process.execPath, [import.meta.filename, 'measure', kind, path, workDir], { encoding: 'utf8' });
    if (child.status !== 0) throw new Error(`${kind} ${path}: ${child.stderr}`);
    return JSON.parse(child.stdout) as Sample;
  });
  const median = <T>(values: T[], key: (value: T) => number) => [...values].sort((a, b) => key(a) - key(b))[Math.floor(values.length / 2)] as T;
  return { ...median(samples, (sample) => sample.ms), maxRssMb: median(samples, (sample) => sample.maxRssMb).maxRssMb };
}

const paragraph = (i: number) =>
  `Paragraph ${i}: sedimentary rocks form when layers of sediment are compacted and cemented over long periods, preserving fossils and records of past climates.`;

function lectureFodt(): string {
  const pages = Array.from({ length: 20 }, (_, page) => {
    const list = `<text:list>${Array.from({ length: 4 }, (_, i) => `<text:list-item><text:p>Point ${i + 1} of chapter ${page + 1}: erosion, transport and deposition.</text:p></text:list-item>`).join('')}</text:list>`;
    const rows = Array.from(
      { length: 5 },
      (_, r) =>
        `<table:table-row>${Array.from({ length: 3 }, (_, c) => `<table:table-cell><text:p>Cell ${r}.${c}</text:p></table:table-cell>`).join('')}</table:table-row>`,
    ).join('');
    const paragraphs = Array.from({ length: 9 }, (_, i) => `<text:p>${paragraph(page * 10 + i)}</text:p>`).join('');
    return `<text:h text:style-name="Heading_20_1" text:outline-level="1">Chapter ${page + 1}</text:h>${paragraphs}${list}<table:table><table:table-column table:number-columns-repeated="3"/>${rows}</table:table><text:p text:style-name="Break"/>`;
  }).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text"><office:styles><style:style style:name="Heading_20_1" style:display-name="Heading 1" style:family="paragraph" style:default-outline-level="1"/><style:style style:name="Break" style:family="paragraph"><style:paragraph-properties fo:break-after="page"/></style:style></office:styles><office:body><office:text>${pages}</office:text></office:body></office:document>`;
}

function deckFodp(): string {
  const frame = (kind: string, y: number, body: string) =>
    `<draw:frame presentation:style-name="pr1" presentation:class="${kind}" svg:width="25cm" svg:height="6cm" svg:x="1.5cm" svg:y="${y}cm"><draw:text-box>${body}</draw:text-box></draw:frame>`;
  const slides = Array.from({ length: 50 }, (_, s) => {
    const bullets = `<text:list>${Array.from({ length: 5 }, (_, i) => `<text:list-item><text:p>${paragraph(s * 5 + i)}</text:p></text:list-item>`).join('')}</text:list>`;
    return `<draw:page draw:name="s${s}" draw:master-page-name="Default" presentation:presentation-page-layout-name="AL1T1">${frame('title', 1, `<text:p>Slide ${s + 1}</text:p>`)}${frame('outline', 5, bullets)}<presentation:notes>${frame('notes', 14, `<text:p>Speaker note for slide ${s + 1}.</text:p>`)}</presentation:notes></draw:page>`;
  }).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.presentation"><office:master-styles><style:master-page style:name="Default"/></office:master-styles><office:body><office:presentation>${slides}</office:presentation></office:body></office:document>`;
}

function rowsFods(): string {
  const cell = (type: string, value: string, style = '') =>
    type === 'string'
      ? `<table:table-cell office:value-type="string"><text:p>${value}</text:p></table:table-cell>`
      : `<table:table-cell${style ? ` table:style-name="${style}"` : ''} office:value-type="${type}" ${type === 'date' ? 'office:date-value' : 'office:value'}="${value}"/>`;
  const header = `<table:table-row>${['Station', 'Region', 'Rainfall in mm', 'Share of year', 'Measured on', 'Readings'].map((name) => cell('string', name)).join('')}</table:table-row>`;
  const rows = Array.from({ length: 10_000 }, (_, i) => {
    const day = new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    return `<table:table-row>${cell('string', `Station ${i}`)}${cell('string', `Region ${i % 40}`)}${cell('float', String((i * 7.3) % 400))}${cell('percentage', String((i % 100) / 100), 'pct')}${cell('date', day, 'day')}${cell('float', String(i % 97))}</table:table-row>`;
  }).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:number="urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.spreadsheet"><office:automatic-styles><number:percentage-style style:name="Npct"><number:number number:decimal-places="0" number:min-integer-digits="1"/><number:text>%</number:text></number:percentage-style><number:date-style style:name="Nday"><number:year number:style="long"/><number:text>-</number:text><number:month number:style="long"/><number:text>-</number:text><number:day number:style="long"/></number:date-style><style:style style:name="pct" style:family="table-cell" style:data-style-name="Npct"/><style:style style:name="day" style:family="table-cell" style:data-style-name="Nday"/></office:automatic-styles><office:body><office:spreadsheet><table:table table:name="Rainfall">${header}${rows}</table:table></office:spreadsheet></office:body></office:document>`;
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'office-bench-'));
  try {
    const convert = (source: string, filter: string) =>
      execFileSync(
        process.env['SOFFICE_PATH'] || 'soffice',
        [`-env:UserInstallation=${pathToFileURL(join(dir, 'profile')).href}`, '--headless', '--norestore', '--convert-to', filter, '--outdir', dir, source],
        {
          stdio: 'ignore',
        },
      );
    const documents = [
      {
        name: 'lecture',
        source: lectureFodt(),
        extension: 'fodt',
        modern: 'docx:MS Word 2007 XML',
        legacy: 'doc:MS Word 97',
        label: '20-page DOCX',
        via: 'word-extractor in a worker thread',
      },
      {
        name: 'deck',
        source: deckFodp(),
        extension: 'fodp',
        modern: 'pptx:Impress MS PowerPoint 2007 XML',
        legacy: 'ppt:MS PowerPoint 97',
        label: '50-slide PPTX',
        via: 'LibreOffice, then as PPTX',
      },
      {
        name: 'rows',
        source: rowsFods(),
        extension: 'fods',
        modern: 'xlsx:Calc MS Excel 2007 XML',
        legacy: 'xls:MS Excel 97',
        label: '10k-row XLSX',
        via: 'LibreOffice, then as XLSX',
      },
    ];
    for (const document of documents) {
      const source = join(dir, `${document.name}.${document.extension}`);
      await writeFile(source, document.source);
      convert(source, document.modern);
      convert(join(dir, `${document.name}.${document.modern.split(':')[0]}`), document.legacy);
    }

    console.log(
      `median of ${RUNS} runs, each in a fresh process: total (module load + parse), peak RSS of that process; baseline = officeparser's document tree of the same file`,
    );
    for (const document of documents) {
      const modern = document.modern.split(':')[0] as string;
      const legacy = document.legacy.split(':')[0] as string;
      const path = join(dir, `${document.name}.${modern}`);
      const baseline = run('baseline', path, dir);
      const ours = run(modern, path, dir);
      const old = run(legacy, join(dir, `${document.name}.${legacy}`), dir);
      console.log(
        `${document.label}: ${ours.ms.toFixed(0)} ms (load ${ours.loadMs.toFixed(0)}), peak RSS ${ours.maxRssMb.toFixed(0)} MB, ${ours.entries} outline entries, ${ours.chars} chars\n` +
          `  baseline ${baseline.ms.toFixed(0)} ms (load ${baseline.loadMs.toFixed(0)}), ${baseline.maxRssMb.toFixed(0)} MB → time ×${(ours.ms / baseline.ms).toFixed(2)}, peak RSS ×${(ours.maxRssMb / baseline.maxRssMb).toFixed(2)}\n` +
          `  same content as .${legacy} (${document.via}): ${old.ms.toFixed(0)} ms, ${old.maxRssMb.toFixed(0)} MB${document.via.startsWith('LibreOffice') ? " (LibreOffice's own memory not included)" : ''}, ${old.entries} outline entries`,
      );
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'measure') await measure(process.argv[3] as string, process.argv[4] as string, process.argv[5] as string);
else await main();
