import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import WordExtractor from 'word-extractor';
import { ExtractionError } from '../extractor.ts';
import { convertWithLibreOffice } from '../libreoffice.ts';
import type { FormatParser } from './format-parser.ts';
import { parseDocx, parsePptx, parseXlsx } from './office.ts';
import { textToContent } from './text.ts';

// PowerPoint and Excel 97-2003 have no trustworthy JS reader, so LibreOffice converts them to PPTX
// and XLSX first. Word 97-2003 goes the same way when LibreOffice is installed (it keeps headings);
// otherwise word-extractor reads its text and tables.

const readDocText: FormatParser = async (path) => {
  try {
    const document = await new WordExtractor().extract(path);
    return textToContent(document.getBody());
  } catch {
    throw new ExtractionError('the Word document is damaged and cannot be read');
  }
};

const viaLibreOffice =
  (target: 'pptx' | 'docx' | 'xlsx', parse: FormatParser, extension: string): FormatParser =>
  async (path, context) => {
    const named = join(context.workDir, `document.${extension}`);
    await copyFile(path, named);
    return parse(await convertWithLibreOffice(named, target, context.workDir), context);
  };

export const parsePpt = viaLibreOffice('pptx', parsePptx, 'ppt');
export const parseDoc: FormatParser = async (path, context) => {
  try {
    return await viaLibreOffice('docx', parseDocx, 'doc')(path, context);
  } catch (error) {
    if (error instanceof ExtractionError && /needs LibreOffice/.test(error.message)) return readDocText(path, context);
    throw error;
  }
};
export const parseXls = viaLibreOffice('xlsx', parseXlsx, 'xls');
