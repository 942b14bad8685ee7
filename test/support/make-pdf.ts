import { createRequire } from 'node:module';
import { deflateSync } from 'node:zlib';
import { deflatedZeros } from '../fixtures/documents/build-zip.ts';

// Writes small, valid multi-page PDFs, so tests can make exactly the documents they assert on: with
// a text layer (Helvetica, WinAnsi), or scanned (each page one grey image of its text, no text layer).

const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');

/** One PDF object's body; streams are latin1 strings, which carry binary bytes unchanged. */
type PageContent = { stream: string; filter?: string; resources: (add: (body: string) => number) => string };

function assemble(pages: PageContent[], title: string | undefined): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  const catalog = add('');
  const pagesObject = add('');
  const pageRefs: number[] = [];
  for (const page of pages) {
    const resources = page.resources(add);
    const content = add(`<< /Length ${page.stream.length}${page.filter ? ` /Filter /${page.filter}` : ''} >>\nstream\n${page.stream}\nendstream`);
    pageRefs.push(add(`<< /Type /Page /Parent ${pagesObject} 0 R /MediaBox [0 0 612 792] /Resources ${resources} /Contents ${content} 0 R >>`));
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObject} 0 R >>`;
  objects[pagesObject - 1] = `<< /Type /Pages /Kids [${pageRefs.map((n) => `${n} 0 R`).join(' ')}] /Count ${pageRefs.length} >>`;
  const info = title ? add(`<< /Title (${escape(title)}) >>`) : null;

  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R${info ? ` /Info ${info} 0 R` : ''} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** Resources naming Helvetica as /F1 and Courier (a code font) as /F2, added to the file once for all its pages. */
function fontResources(): PageContent['resources'] {
  let [font, mono] = [0, 0];
  return (add) => {
    font ||= add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
    mono ||= add('<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>');
    return `<< /Font << /F1 ${font} 0 R /F2 ${mono} 0 R >> >>`;
  };
}

export function makePdf(pages: string[][], options: { title?: string } = {}): Buffer {
  const resources = fontResources();
  return assemble(
    pages.map((lines) => ({
      stream: ['BT', '/F1 12 Tf', '14 TL', '72 740 Td', ...lines.map((line) => `(${escape(line)}) Tj T*`), 'ET'].join('\n'),
      resources,
    })),
    options.title,
  );
}

/** A piece of text drawn at a place on the page (PDF units from the bottom left), in a type size, in the code font where `mono`. */
export type PlacedText = { text: string; x: number; y: number; size?: number; mono?: boolean };

/** Pages whose pieces are drawn in the order given, wherever they lie, as a browser's printout paints them. */
export function makePlacedPdf(pages: PlacedText[][]): Buffer {
  const resources = fontResources();
  return assemble(
    pages.map((pieces) => ({
      stream: pieces.map(({ text, x, y, size = 12, mono }) => `BT /F${mono ? 2 : 1} ${size} Tf 1 0 0 1 ${x} ${y} Tm (${escape(text)}) Tj ET`).join('\n'),
      resources,
    })),
    undefined,
  );
}

/** A scanned document: every page is an image of its lines (150 dpi, Liberation Sans), with no text layer. */
export async function makeScannedPdf(pages: string[][]): Promise<Buffer> {
  const { createCanvas, GlobalFonts } = await import('@napi-rs/canvas');
  // The font pdf.js ships, so the test needs no system fonts.
  GlobalFonts.registerFromPath(createRequire(import.meta.url).resolve('pdfjs-dist/standard_fonts/LiberationSans-Regular.ttf'), 'Scan Sans');
  const [width, height] = [1275, 1650];
  const contents: PageContent[] = pages.map((lines) => {
    const canvas = createCanvas(width, height);
    const context = canvas.getContext('2d');
    context.fillStyle = 'white';
    context.fillRect(0, 0, width, height);
    context.fillStyle = 'black';
    context.font = '30px "Scan Sans"';
    lines.forEach((line, i) => context.fillText(line, 120, 180 + i * 48));
    const rgba = context.getImageData(0, 0, width, height).data;
    const grey = Buffer.alloc(width * height);
    for (let i = 0; i < grey.length; i++) grey[i] = rgba[i * 4] as number;
    const pixels = deflateSync(grey).toString('latin1');
    return {
      stream: 'q 612 0 0 792 0 0 cm /Scan Do Q',
      resources: (add) => {
        const image = add(
          `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length ${pixels.length} >>\nstream\n${pixels}\nendstream`,
        );
        return `<< /XObject << /Scan ${image} 0 R >> >>`;
      },
    };
  });
  return assemble(contents, undefined);
}

/** A one-page PDF whose content stream is small on disk and inflates to `inflatedBytes` zero bytes (a flate bomb). */
export function makeFlateBombPdf(inflatedBytes: number): Buffer {
  // A zlib stream: its two-byte header, the raw deflate data, and a checksum PDF readers do not check.
  const stream = Buffer.concat([Buffer.from([0x78, 0x9c]), deflatedZeros(inflatedBytes), Buffer.alloc(4)]);
  return assemble([{ stream: stream.toString('latin1'), filter: 'FlateDecode', resources: () => '<< >>' }], undefined);
}
