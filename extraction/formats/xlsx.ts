import { ExtractionError } from '../extractor.ts';
import type { FormatParser } from './format-parser.ts';
import { builtInFormat, formatCellNumber, isDateFormat } from './number-format.ts';
import { type Cell, cleanText, countCell, SheetLines, type SheetText, workbookContent } from './sheet-lines.ts';
import { coreTitle, mainPart, type OfficePackage, readPackage, relationshipOfType } from './ooxml-package.ts';

// XLSX read straight from its XML (not the npm `xlsx` package, which carries unfixed CVEs), one
// `sheet` per worksheet. Cells read as the spreadsheet shows them (dates, percentages, currency),
// and rows under a header row read "Header: value; Header: value", as CSV rows do, so every row
// stands on its own for search and generation.

const DAY_MS = 86_400_000;
const UNIX_EPOCH_SERIAL = 25_569;
const DATE_1904_OFFSET = 1_462;

type Workbook = { sheets: { name: string; part: string }[]; date1904: boolean; sharedStrings: string[]; formats: string[] };

const damaged = (cause?: unknown) =>
  new ExtractionError('the Excel workbook is damaged or incomplete and cannot be read; open it in Excel, save it again and upload the new file', { cause });

/** Zero-based column of a cell reference such as "AB12". */
function columnOf(reference: string): number {
  let column = 0;
  for (const char of reference.toUpperCase()) {
    const code = char.charCodeAt(0);
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
  }
  return column - 1;
}

async function readSharedStrings(pkg: OfficePackage, part: string | undefined): Promise<string[]> {
  const strings: string[] = [];
  if (!part || !pkg.has(part)) return strings;
  let current: string | undefined;
  let inText = false;
  let phonetic = 0;
  await pkg.scan(part, {
    open(name) {
      if (name === 'si') current = '';
      else if (name === 't') inText = true;
      else if (name === 'rPh') phonetic++;
    },
    close(name) {
      if (name === 'si') strings.push(cleanText(current ?? ''));
      else if (name === 't') inText = false;
      else if (name === 'rPh') phonetic--;
    },
    text(text) {
      if (inText && phonetic === 0 && current !== undefined) current += text;
    },
  });
  return strings;
}

/** The number format code of every cell style (the index a cell's `s` attribute names). */
async function readFormats(pkg: OfficePackage, part: string | undefined): Promise<string[]> {
  const formats: string[] = [];
  if (!part || !pkg.has(part)) return formats;
  const custom = new Map<number, string>();
  let inCellFormats = false;
  await pkg.scan(part, {
    open(name, attributes) {
      if (name === 'numFmt') custom.set(Number(attributes['numFmtId']), attributes['formatCode'] ?? 'General');
      else if (name === 'cellXfs') inCellFormats = true;
      else if (name === 'xf' && inCellFormats) {
        const id = Number(attributes['numFmtId'] ?? 0);
        formats.push(custom.get(id) ?? builtInFormat(id));
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellFormats = false;
    },
  });
  return formats;
}

async function readWorkbook(pkg: OfficePackage): Promise<Workbook> {
  const part = (await mainPart(pkg)) ?? 'xl/workbook.xml';
  if (!pkg.has(part)) throw damaged();
  const relationships = await pkg.relationships(part);
  const byId = new Map(relationships.map((relationship) => [relationship.id, relationship]));
  const sheets: Workbook['sheets'] = [];
  let date1904 = false;
  await pkg.scan(part, {
    open(name, attributes) {
      if (name === 'workbookPr') date1904 = attributes['date1904'] === '1' || attributes['date1904'] === 'true';
      if (name !== 'sheet') return;
      // chart sheets and dialog sheets hold no cells
      const target = byId.get(attributes['id'] ?? '');
      if (target?.type.endsWith('/worksheet') && pkg.has(target.target))
        sheets.push({ name: attributes['name'] || `Sheet ${sheets.length + 1}`, part: target.target });
    },
  });
  const [sharedStrings, formats] = await Promise.all([
    readSharedStrings(pkg, relationshipOfType(relationships, '/sharedStrings')?.target),
    readFormats(pkg, relationshipOfType(relationships, '/styles')?.target),
  ]);
  return { sheets, date1904, sharedStrings, formats };
}

/** What the spreadsheet shows in a cell, by its type (`t`) and number format. */
function shownValue(type: string, raw: string, inline: string, format: string, workbook: Workbook): Omit<Cell, 'column'> | undefined {
  let text: string;
  let isText = false;
  switch (type) {
    case 's':
      text = workbook.sharedStrings[Number(raw)] ?? '';
      isText = true;
      break;
    case 'inlineStr':
      text = inline;
      isText = true;
      break;
    case 'str':
      text = raw;
      isText = true;
      break;
    case 'b':
      text = raw.trim() === '1' ? 'TRUE' : 'FALSE';
      break;
    case 'e':
      text = raw;
      break;
    case 'd': {
      const iso = raw.trim();
      const serial = Date.parse(/Z|[+-]\d\d:\d\d$/.test(iso) ? iso : `${iso}Z`) / DAY_MS + UNIX_EPOCH_SERIAL - (workbook.date1904 ? DATE_1904_OFFSET : 0);
      text = Number.isFinite(serial) && isDateFormat(format) ? formatCellNumber(serial, format, workbook.date1904) : raw;
      break;
    }
    default: {
      if (raw.trim() === '') return undefined;
      const value = Number(raw);
      text = Number.isFinite(value) ? formatCellNumber(value, format, workbook.date1904) : raw;
    }
  }
  const cleaned = cleanText(text);
  return cleaned ? { text: cleaned, isText } : undefined;
}

async function readSheet(pkg: OfficePackage, part: string, workbook: Workbook, budget: { cells: number }): Promise<string> {
  const sheet = new SheetLines();
  let row: Cell[] = [];
  let nextColumn = 0;
  let cell: { column: number; style: number; type: string } | undefined;
  let raw = '';
  let inline = '';
  let inValue = false;
  let inInline = false;
  let inText = false;
  let phonetic = 0;
  await pkg.scan(part, {
    open(name, attributes) {
      switch (name) {
        case 'row':
          row = [];
          nextColumn = 0;
          break;
        case 'c':
          cell = { column: attributes['r'] ? columnOf(attributes['r']) : nextColumn, style: Number(attributes['s'] ?? 0), type: attributes['t'] ?? 'n' };
          raw = '';
          inline = '';
          break;
        case 'v':
          inValue = true;
          break;
        case 'is':
          inInline = true;
          break;
        case 't':
          inText = inInline;
          break;
        case 'rPh':
          phonetic++;
          break;
      }
    },
    close(name) {
      switch (name) {
        case 'v':
          inValue = false;
          break;
        case 'is':
          inInline = false;
          break;
        case 't':
          inText = false;
          break;
        case 'rPh':
          phonetic--;
          break;
        case 'c': {
          if (!cell) break;
          const shown = shownValue(cell.type, raw, inline, workbook.formats[cell.style] ?? 'General', workbook);
          if (shown) {
            row.push({ column: cell.column, ...shown });
            countCell(budget);
          }
          nextColumn = cell.column + 1;
          cell = undefined;
          break;
        }
        case 'row':
          sheet.add(row);
          break;
      }
    },
    text(text) {
      if (inValue) raw += text;
      else if (inText && phonetic === 0) inline += text;
    },
  });
  return sheet.text();
}

export const parseXlsx: FormatParser = (path, { fileName }) =>
  readPackage(path, damaged, async (pkg) => {
    const workbook = await readWorkbook(pkg);
    const budget = { cells: 0 };
    const sheets: SheetText[] = [];
    for (const sheet of workbook.sheets) sheets.push({ name: sheet.name, text: await readSheet(pkg, sheet.part, workbook, budget) });
    return workbookContent(sheets, (await coreTitle(pkg)) ?? fileName?.replace(/\.[^.]+$/, ''));
  });
