import { open } from 'node:fs/promises';
import CFB from 'cfb';
import { ExtractionError, type FileFormat } from './extractor.ts';
import { checkZip } from './zip-guard.ts';

// File types are read from the bytes, never from the name or the Content-Type.

const HEAD = 8192;
const startsWith = (bytes: Buffer, signature: number[]) => signature.every((byte, i) => bytes[i] === byte);

/** Valid UTF-8 without NUL bytes; a multi-byte character cut at the end of the sample is fine. */
const looksLikeText = (bytes: Buffer, complete: boolean): boolean => {
  if (bytes.includes(0)) return false;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    decoder.decode(bytes, { stream: !complete });
    return true;
  } catch {
    return false;
  }
};

type Family = 'pdf' | 'png' | 'jpeg' | 'zip' | 'cfb' | 'text';

function familyOf(head: Buffer, complete: boolean): Family | null {
  if (head.subarray(0, 1024).includes('%PDF-')) return 'pdf';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'cfb';
  if (looksLikeText(head, complete)) return 'text';
  return null;
}

/** Early check on the first bytes of an upload: the family of an accepted format, or null (answer 415). */
export const sniffBuffer = (head: Buffer, _fileName?: string): string | null => familyOf(head, false);

const extensionOf = (fileName: string | undefined) => fileName?.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];

/** Comma-, semicolon- or tab-separated lines with the same number of fields. */
function looksLikeCsv(text: string): boolean {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '').slice(0, 20);
  if (lines.length < 2) return false;
  return [',', ';', '\t'].some((separator) => {
    const counts = lines.map((line) => line.split(separator).length);
    return (counts[0] ?? 0) >= 2 && counts.every((count) => count === counts[0]);
  });
}

/** The exact format of a stored file; zip containers are checked for bombs on the way. */
export async function sniffFile(path: string, fileName?: string): Promise<FileFormat> {
  const handle = await open(path, 'r');
  let head: Buffer;
  let size: number;
  try {
    size = (await handle.stat()).size;
    const buffer = Buffer.alloc(Math.min(HEAD, size));
    await handle.read(buffer, 0, buffer.length, 0);
    head = buffer;
  } finally {
    await handle.close();
  }
  if (size === 0) throw new ExtractionError('the file is empty');
  const family = familyOf(head, size <= HEAD);
  switch (family) {
    case 'pdf':
    case 'png':
    case 'jpeg':
      return family;
    case 'zip': {
      const names = await checkZip(path);
      if (names.some((name) => name.startsWith('word/'))) return 'docx';
      if (names.some((name) => name.startsWith('ppt/'))) return 'pptx';
      if (names.some((name) => name.startsWith('xl/'))) return 'xlsx';
      throw new ExtractionError('the file is a zip archive but not a Word, PowerPoint or Excel document');
    }
    case 'cfb': {
      let streams: string[];
      try {
        streams = CFB.read(path, { type: 'file' }).FullPaths.map((entry: string) => entry.split('/').filter(Boolean).pop() ?? '');
      } catch {
        throw new ExtractionError('the file is a damaged Office document');
      }
      if (streams.includes('WordDocument')) return 'doc';
      if (streams.includes('Workbook') || streams.includes('Book')) return 'xls';
      if (streams.includes('PowerPoint Document')) return 'ppt';
      throw new ExtractionError('the file is an Office container but not a Word, PowerPoint or Excel document');
    }
    case 'text':
      return extensionOf(fileName) === 'csv' || (extensionOf(fileName) !== 'txt' && looksLikeCsv(head.toString('utf8'))) ? 'csv' : 'txt';
    case null:
      throw new ExtractionError('unsupported file type: accepted formats are PDF, DOCX, DOC, PPTX, PPT, XLSX, XLS, TXT, CSV, PNG and JPEG');
  }
}

const namesByExtension: Record<string, FileFormat> = {
  pdf: 'pdf', docx: 'docx', doc: 'doc', pptx: 'pptx', ppt: 'ppt', xlsx: 'xlsx', xls: 'xls', txt: 'txt', csv: 'csv', png: 'png', jpg: 'jpeg', jpeg: 'jpeg',
};

const describe: Record<FileFormat, string> = {
  pdf: 'a PDF document', docx: 'a Word document', doc: 'a Word 97-2003 document', pptx: 'a PowerPoint presentation', ppt: 'a PowerPoint 97-2003 presentation',
  xlsx: 'an Excel workbook', xls: 'an Excel 97-2003 workbook', txt: 'plain text', csv: 'CSV text', png: 'a PNG image', jpeg: 'a JPEG image',
};

/** A name that promises one format while the bytes are another is refused: the client should know. */
export function assertNameMatches(format: FileFormat, fileName: string | undefined) {
  const claimed = namesByExtension[extensionOf(fileName) ?? ''];
  const textual = (f: FileFormat) => f === 'txt' || f === 'csv';
  if (!claimed || claimed === format || (textual(claimed) && textual(format))) return;
  throw new ExtractionError(`the file is named .${extensionOf(fileName)} but its content is ${describe[format]}`);
}
