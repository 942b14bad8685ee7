import CFB from 'cfb';
import { ExtractionError } from '../extractor.ts';
import { isLibreOfficeAvailable, convertWithLibreOffice } from '../libreoffice.ts';
import { BiffFormatError, type BiffValue, readBiff8 } from './biff8.ts';
import type { FormatParser } from './format-parser.ts';
import { builtInFormat, formatCellNumber } from './number-format.ts';
import { oleTitle } from './ole-properties.ts';
import { type Cell, cleanText, SheetLines, workbookContent } from './sheet-lines.ts';
import { parseXlsx } from './xlsx.ts';

// Excel 97-2003 read in JavaScript: its BIFF8 records (biff8.ts) out of the compound file, cells
// shown as Excel shows them, rows as XLSX rows read. LibreOffice, when installed, is the fallback for
// what this reader does not read (Excel 5.0/95 workbooks, damaged streams).

const MAX_FILLED_CELLS = 2_000_000;

const damaged = (cause?: unknown) =>
  new ExtractionError('the Excel 97-2003 workbook is damaged or incomplete and cannot be read; open it in Excel, save it again and upload the new file', {
    cause,
  });

const ERRORS: Record<number, string> = { 0x00: '#NULL!', 0x07: '#DIV/0!', 0x0f: '#VALUE!', 0x17: '#REF!', 0x1d: '#NAME?', 0x24: '#NUM!', 0x2a: '#N/A' };

function shown(value: BiffValue, date1904: boolean): Omit<Cell, 'column'> | undefined {
  const text =
    value.kind === 'text'
      ? value.text
      : value.kind === 'number'
        ? formatCellNumber(value.value, value.format, date1904)
        : value.kind === 'boolean'
          ? value.value
            ? 'TRUE'
            : 'FALSE'
          : (ERRORS[value.code] ?? '#ERROR');
  const cleaned = cleanText(text);
  return cleaned ? { text: cleaned, isText: value.kind === 'text' } : undefined;
}

function workbookStream(path: string): Buffer {
  let container: CFB.CFB$Container;
  try {
    container = CFB.read(path, { type: 'file' });
  } catch (error) {
    throw damaged(error);
  }
  const entry = CFB.find(container, 'Workbook') ?? CFB.find(container, 'Book');
  if (!entry?.content) throw damaged();
  return Buffer.from(entry.content as Uint8Array);
}

export const parseXls: FormatParser = async (path, context) => {
  try {
    const workbook = readBiff8(workbookStream(path), builtInFormat, { maxCells: MAX_FILLED_CELLS });
    const sheets = workbook.sheets.map((sheet) => {
      const lines = new SheetLines();
      const rows = new Map<number, Cell[]>();
      for (const cell of sheet.cells) {
        const value = shown(cell.value, workbook.date1904);
        if (!value) continue;
        let row = rows.get(cell.row);
        if (!row) rows.set(cell.row, (row = []));
        row.push({ column: cell.column, ...value });
      }
      for (const row of [...rows.keys()].sort((a, b) => a - b)) lines.add((rows.get(row) as Cell[]).sort((a, b) => a.column - b.column));
      return { name: sheet.name, text: lines.text() };
    });
    return workbookContent(sheets, oleTitle(path) ?? context.fileName?.replace(/\.[^.]+$/, ''));
  } catch (error) {
    if (!(error instanceof BiffFormatError)) throw error;
    if (!(await isLibreOfficeAvailable())) throw damaged(error);
    return parseXlsx(await convertWithLibreOffice(path, 'xlsx', context.workDir), context);
  }
};
