import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { extname } from 'node:path';
import CFB from 'cfb';
import { fileTypeFromFile } from 'file-type';
import { ExtractionError, type FileFormat } from './extractor.ts';
import { readTextSample, tableDelimiter } from './formats/csv.ts';
import { listZipEntries } from './zip-guard.ts';

// The format of an upload is read from its bytes, never from its name or Content-Type.
// - Binary formats: file-type (PDF, PNG, JPEG, and DOCX/XLSX/PPTX told apart by the zip's content
//   types, or by their main part when it cannot tell); the Office 97-2003 container (CFB) by its
//   stream names through the cfb package.
// - Text has no signature: a file is text when it is valid UTF-8 (a byte order mark allowed) without
//   NUL bytes. Text is CSV when its name ends in .csv or .tsv; otherwise, unless its name ends in
//   .txt, .text or .md, it is CSV when its first lines form a consistent table: at least 3 records
//   (a header and two rows), all with the same number (≥ 2) of fields under one of `,` `;` tab `|`,
//   quotes respected. Prose rarely keeps the same count of commas over three lines, and a table
//   misread as text still gets all its words indexed.

const ACCEPTED = 'accepted formats are PDF, DOCX, DOC, PPTX, PPT, XLSX, XLS, ODT, ODP, EPUB, TXT, Markdown, HTML, CSV, PNG and JPEG';
const TABLE_MIN_RECORDS = 3;

const byFileType: Record<string, FileFormat> = {
  pdf: 'pdf',
  png: 'png',
  apng: 'png',
  jpg: 'jpeg',
  docx: 'docx',
  docm: 'docx',
  dotx: 'docx',
  dotm: 'docx',
  xlsx: 'xlsx',
  xlsm: 'xlsx',
  xltx: 'xlsx',
  xltm: 'xlsx',
  pptx: 'pptx',
  pptm: 'pptx',
  ppsx: 'pptx',
  ppsm: 'pptx',
  potx: 'pptx',
  potm: 'pptx',
  epub: 'epub',
  odt: 'odt',
  odp: 'odp',
};

const byExtension: Record<string, FileFormat> = {
  ...byFileType,
  jpeg: 'jpeg',
  jfif: 'jpeg',
  doc: 'doc',
  dot: 'doc',
  xls: 'xls',
  ppt: 'ppt',
  pps: 'ppt',
  txt: 'txt',
  text: 'txt',
  md: 'markdown',
  markdown: 'markdown',
  html: 'html',
  htm: 'html',
  xhtml: 'html',
  csv: 'csv',
  tsv: 'csv',
};

const described: Record<FileFormat, string> = {
  pdf: 'a PDF document',
  docx: 'a Word document (DOCX)',
  doc: 'a Word 97-2003 document (DOC)',
  pptx: 'a PowerPoint presentation (PPTX)',
  ppt: 'a PowerPoint 97-2003 presentation (PPT)',
  xlsx: 'an Excel workbook (XLSX)',
  xls: 'an Excel 97-2003 workbook (XLS)',
  txt: 'plain text',
  csv: 'CSV text',
  png: 'a PNG image',
  jpeg: 'a JPEG image',
  epub: 'an EPUB book',
  markdown: 'Markdown text',
  html: 'an HTML page',
  odt: 'an OpenDocument text (ODT)',
  odp: 'an OpenDocument presentation (ODP)',
};

const extensionOf = (fileName: string | undefined) => (fileName ? extname(fileName).slice(1).toLowerCase() : '');

/** The format a file name claims, if its extension is one of ours. */
export const formatNamedBy = (fileName: string | undefined): FileFormat | undefined => byExtension[extensionOf(fileName)];

const TEXTUAL: ReadonlySet<FileFormat> = new Set(['txt', 'csv', 'markdown', 'html']);
const isTextual = (format: FileFormat) => TEXTUAL.has(format);

/** Refuses a file whose name claims one format while its bytes are another (TXT and CSV are both text). */
export function assertNameMatchesContent(format: FileFormat, fileName: string | undefined): void {
  const claimed = formatNamedBy(fileName);
  if (!claimed || claimed === format || (isTextual(claimed) && isTextual(format))) return;
  throw new ExtractionError(`the file is named .${extensionOf(fileName)} but its content is ${described[format]}`);
}

const PDF_MARKER = Buffer.from('%PDF-');
// Readers accept up to 1 KB of junk before the PDF header, and such files exist in the wild; that
// looser test comes after the text test, so a text that quotes a PDF header stays text.
const hasPdfMarker = (head: Buffer) => head.subarray(0, 1024).includes(PDF_MARKER);
const startsWith = (head: Buffer, signature: number[]) => signature.every((byte, i) => head[i] === byte);
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const CFB_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const UTF16_BOMS = [
  [0xff, 0xfe],
  [0xfe, 0xff],
];
// Parts an Office Open XML package starts with; a zip starting otherwise, with no content types
// among the first entries either, is some other archive.
const OOXML_FIRST_PARTS = /^(\[Content_Types\]\.xml|_rels\/|docProps\/|word\/|xl\/|ppt\/|customXml\/)/;
const CONTENT_TYPES_PART = Buffer.from('[Content_Types].xml');

const isTextHead = (head: Buffer) => {
  if (head.includes(0)) return false;
  try {
    // stream: a multi-byte character cut at the end of the sample is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
};

const textFormatNamed = (fileName: string | undefined): FileFormat | null => {
  const named = formatNamedBy(fileName);
  return named && isTextual(named) ? named : null;
};

/** An HTML page, or an XHTML one after its XML declaration (as DocBook and other generators write them). */
const looksLikeHtml = (head: Buffer) => /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[^]*?-->\s*)*<(!doctype\s+html|html[\s>])/i.test(head.toString('utf8', 0, 1024));

/** OpenDocument and EPUB files are zips whose first entry, stored uncompressed, is `mimetype`. */
function zipByMimetype(head: Buffer): FileFormat | null {
  if (head.toString('latin1', 30, 38) !== 'mimetype') return null;
  const mimetype = head.toString('latin1', 38, 38 + 64);
  if (mimetype.startsWith('application/epub+zip')) return 'epub';
  if (mimetype.startsWith('application/vnd.oasis.opendocument.text')) return 'odt';
  if (mimetype.startsWith('application/vnd.oasis.opendocument.presentation')) return 'odp';
  return null;
}

/**
 * The early check an upload gets on its first bytes (the HTTP layer answers 415 on null): the format
 * when the head decides it, 'office' for an Office container whose exact kind needs the whole file,
 * null when the bytes are clearly none of the accepted formats. The full check is sniffFormat.
 */
export function sniffBuffer(head: Buffer, fileName?: string): FileFormat | 'office' | null {
  if (startsWith(head, [...PDF_MARKER])) return 'pdf';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, CFB_SIGNATURE)) return 'office';
  if (startsWith(head, ZIP)) {
    const packaged = zipByMimetype(head);
    if (packaged) return packaged;
    const nameLength = head.length >= 30 ? head.readUInt16LE(26) : 0;
    const firstPart = head.toString('latin1', 30, 30 + nameLength);
    return OOXML_FIRST_PARTS.test(firstPart) || head.includes(CONTENT_TYPES_PART) ? 'office' : null;
  }
  if (isTextHead(head)) return textFormatNamed(fileName) ?? (looksLikeHtml(head) ? 'html' : 'txt');
  return hasPdfMarker(head) ? 'pdf' : null;
}

/** Valid UTF-8 throughout and no NUL byte, read as a stream so a large file is not held in memory. */
async function isUtf8Text(path: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 }) as AsyncIterable<Buffer>) {
      if (chunk.includes(0)) return false;
      decoder.decode(chunk, { stream: true });
    }
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

const isTable = async (path: string) => tableDelimiter(await readTextSample(path), TABLE_MIN_RECORDS) !== null;

function officeLegacyFormat(path: string): FileFormat {
  let streams: Set<string>;
  try {
    const container = CFB.read(path, { type: 'file' });
    streams = new Set(container.FullPaths.map((entry: string) => entry.split('/').filter(Boolean).pop() ?? ''));
  } catch {
    throw new ExtractionError('the file is damaged: its Office 97-2003 container cannot be read');
  }
  if (streams.has('WordDocument')) return 'doc';
  if (streams.has('Workbook') || streams.has('Book')) return 'xls';
  if (streams.has('PowerPoint Document')) return 'ppt';
  // Office encrypts a DOCX/XLSX/PPTX by wrapping it in this container.
  if (streams.has('EncryptedPackage')) throw new ExtractionError('the file is password-protected; remove the password and upload it again');
  throw new ExtractionError(`the file is an Office 97-2003 container but not a Word, PowerPoint or Excel document; ${ACCEPTED}`);
}

/**
 * A zip file-type could not name (no [Content_Types].xml where it looked): an Office document by its
 * main part, from the archive's directory (nothing is inflated; the bomb guard comes after).
 */
async function officeOpenXmlFormat(path: string): Promise<FileFormat> {
  const parts = new Set(await listZipEntries(path));
  if (parts.has('word/document.xml')) return 'docx';
  if (parts.has('ppt/presentation.xml')) return 'pptx';
  if (parts.has('xl/workbook.xml')) return 'xlsx';
  if (parts.has('META-INF/container.xml')) return 'epub';
  throw new ExtractionError(`unsupported file type: the file is a zip archive, not a Word, PowerPoint or Excel document; ${ACCEPTED}`);
}

async function readHead(path: string): Promise<{ head: Buffer; size: number }> {
  const handle = await open(path, 'r');
  try {
    const size = (await handle.stat()).size;
    const head = Buffer.alloc(Math.min(size, 4096));
    await handle.read(head, 0, head.length, 0);
    return { head, size };
  } finally {
    await handle.close();
  }
}

/** The format of a stored file, from its bytes; the file name only chooses between TXT and CSV. */
export async function sniffFormat(path: string, fileName?: string): Promise<FileFormat> {
  const { head, size } = await readHead(path);
  if (size === 0) throw new ExtractionError('the file is empty');
  const detected = await fileTypeFromFile(path);
  const format = detected ? byFileType[detected.ext] : undefined;
  if (format) return format;
  if (detected?.ext === 'cfb') return officeLegacyFormat(path);
  if (detected?.ext === 'zip') return officeOpenXmlFormat(path);
  if (detected?.ext === 'xml' && looksLikeHtml(head)) return 'html';
  if (detected) throw new ExtractionError(`unsupported file type: the content is ${detected.mime} (.${detected.ext}); ${ACCEPTED}`);
  if (await isUtf8Text(path)) return textFormatNamed(fileName) ?? (looksLikeHtml(head) ? 'html' : (await isTable(path)) ? 'csv' : 'txt');
  if (hasPdfMarker(head)) return 'pdf';
  if (UTF16_BOMS.some((bom) => startsWith(head, bom))) throw new ExtractionError('the text file is UTF-16; save it as UTF-8 and upload it again');
  throw new ExtractionError(`unsupported file type: the content is not a PDF, Office, PNG or JPEG file nor UTF-8 text; ${ACCEPTED}`);
}
