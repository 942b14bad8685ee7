import type { FileFormat } from '../extractor.ts';
import { parseCsv } from './csv.ts';
import type { FormatParser } from './format-parser.ts';
import { parseDoc, parsePpt, parseXls } from './legacy.ts';
import { parseDocx, parsePptx, parseXlsx } from './office.ts';
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
