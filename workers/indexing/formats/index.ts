import type { FileFormat } from '../extractor.ts';
import { parseCsv } from './csv.ts';
import type { FormatParser } from './format-parser.ts';
import { parseDoc } from './doc.ts';
import { parseDocx } from './docx.ts';
import { parsePpt } from './ppt.ts';
import { parsePptx } from './pptx.ts';
import { parseXls } from './xls.ts';
import { parseXlsx } from './xlsx.ts';
import { parsePdf } from './pdf.ts';
import { parseText } from './text.ts';

/** Parsers that run in the sandboxed child; images go to the long-lived OCR worker instead. */
export const sandboxedParsers: Record<Exclude<FileFormat, 'png' | 'jpeg'>, FormatParser> = {
  pdf: parsePdf,
  docx: parseDocx,
  doc: parseDoc,
  pptx: parsePptx,
  ppt: parsePpt,
  xlsx: parseXlsx,
  xls: parseXls,
  txt: parseText,
  csv: parseCsv,
};
