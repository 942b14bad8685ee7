import type { ExtractedContent, OutlineEntry } from '../../domain/learning-content.ts';
import { ExtractionError } from '../extractor.ts';

// What XLSX and XLS share once their cells are read: how a sheet reads as lines, and a workbook as
// the extracted content (a `sheet` per worksheet).

export type Cell = { column: number; text: string; isText: boolean };
export type SheetText = { name: string; text: string };

const MAX_FILLED_CELLS = 2_000_000;

/** Counts a filled cell against the workbook's budget; refuses a workbook past it. */
export function countCell(budget: { cells: number }): void {
  if (++budget.cells > MAX_FILLED_CELLS) {
    throw new ExtractionError(`the workbook has more than ${MAX_FILLED_CELLS.toLocaleString('en')} filled cells; split it into smaller files`);
  }
}

/** Cell text on one line: OOXML escapes (_x000D_) decoded, line breaks and tabs as spaces. */
export const cleanText = (text: string) =>
  text
    .replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    .replace(/[\s\u0000-\u001f]+/g, ' ')
    .trim();

function columnName(column: number): string {
  let name = '';
  for (let n = column + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/**
 * Lines of one sheet. Single-cell rows above the table are captions, kept as lines. The first wider
 * row names the columns when all its cells are text; every later row then reads
 * "Header: value; ...". A sheet without such a row reads "value | value" row by row.
 */
export class SheetLines {
  readonly #lines: string[] = [];
  #header: Map<number, string> | undefined;
  #headerLine = '';
  #plain = false;
  #rowsUnderHeader = 0;

  add(cells: Cell[]): void {
    if (cells.length === 0) return;
    const plain = cells.map((cell) => cell.text).join(' | ');
    if (this.#header) {
      const header = this.#header;
      this.#lines.push(cells.map((cell) => `${header.get(cell.column) ?? `Column ${columnName(cell.column)}`}: ${cell.text}`).join('; '));
      this.#rowsUnderHeader++;
    } else if (this.#plain || (cells.length > 1 && !cells.every((cell) => cell.isText))) {
      this.#plain = true;
      this.#lines.push(plain);
    } else if (cells.length === 1) this.#lines.push(plain);
    else {
      this.#header = new Map(cells.map((cell) => [cell.column, cell.text]));
      this.#headerLine = plain;
    }
  }

  text(): string {
    // a header with nothing under it is the sheet's only content
    return [...this.#lines, ...(this.#header && this.#rowsUnderHeader === 0 ? [this.#headerLine] : [])].join('\n');
  }
}

/** The workbook as extracted content: a `sheet` outline entry per worksheet, the text sheet by sheet under its name. */
export function workbookContent(sheets: SheetText[], title: string | undefined): ExtractedContent {
  const outline: OutlineEntry[] = sheets.map((sheet, index) => ({ kind: 'sheet', index, title: sheet.name, text: sheet.text }));
  const text = outline
    .filter((sheet) => sheet.text)
    .map((sheet) => `${sheet.title}\n${sheet.text}`)
    .join('\n\n');
  const named = title ?? outline[0]?.title;
  return { ...(named ? { title: named } : {}), text, outline };
}
