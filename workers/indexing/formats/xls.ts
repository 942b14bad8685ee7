import { convertWithLibreOffice } from '../libreoffice.ts';
import type { FormatParser } from './format-parser.ts';
import { parseXlsx } from './xlsx.ts';

// Excel 97-2003: SheetJS from npm carries unfixed CVEs, so LibreOffice converts it to XLSX, read as XLSX.
export const parseXls: FormatParser = async (path, context) => parseXlsx(await convertWithLibreOffice(path, 'xlsx', context.workDir), context);
