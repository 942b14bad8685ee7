import { comparisonKey } from '../quality.ts';
import type { RawTable, TableRow } from './segmentation.ts';

// A table of facts (a sheet, or rows inside a page): which column names the rows, which columns hold
// numbers, which ones group rows into categories. Rows become "header: value" facts.

export type Column = {
  header: string;
  values: string[];
  numbers: Array<number | undefined>;
  numeric: boolean;
  /** Every row has its own value (so the value identifies the row). */
  unique: boolean;
  /** A few values shared by many rows (continent, language): they group rows. */
  categorical: boolean;
  /** The table gives the column a header; "Column 2" stands in for one it does not give, and says nothing of its values. */
  named: boolean;
};

export type Table = {
  id: number;
  unit: number;
  title: string;
  section?: string;
  headers: string[];
  rows: TableRow[];
  keyColumn: number;
  columns: Column[];
};

const MULTIPLIERS: Record<string, number> = { thousand: 1e3, k: 1e3, million: 1e6, m: 1e6, mn: 1e6, billion: 1e9, bn: 1e9, trillion: 1e12 };

/** The number a cell or entity states ("68.2", "551,695", "$4.5 billion", "70 percent"), if any. */
export function parseNumber(text: string): number | undefined {
  const match = /^[^\d-]{0,12}?(-?\d[\d,\s]*(?:\.\d+)?)\s*(%|percent|per cent|thousand|million|billion|trillion|bn|mn|k|m)?\b/i.exec(text.trim());
  if (!match) return undefined;
  const digits = (match[1] ?? '').replace(/[,\s]/g, '');
  const value = Number(digits);
  if (!Number.isFinite(value)) return undefined;
  return value * (MULTIPLIERS[(match[2] ?? '').toLowerCase()] ?? 1);
}

function isNumberCell(text: string): boolean {
  return /^[^\p{L}\d-]{0,3}-?\d[\d,\s]*(?:\.\d+)?\s*(?:%|[\p{L}²³]{0,4})$/u.test(text.trim());
}

const NUMERIC_SHARE = 0.8;
const MIN_ROWS_FOR_CATEGORIES = 6;

function describeColumn(header: string, named: boolean, rows: readonly TableRow[], index: number): Column {
  const values = rows.map((row) => row.cells[index] ?? '');
  const filled = values.filter((value) => value.trim() !== '');
  const numberCells = filled.filter(isNumberCell);
  const numeric = filled.length > 0 && numberCells.length / filled.length >= NUMERIC_SHARE;
  const distinct = new Set(filled.map(comparisonKey)).size;
  return {
    header,
    values,
    numbers: values.map((value) => (numeric && isNumberCell(value) ? parseNumber(value) : undefined)),
    numeric,
    unique: filled.length === rows.length && distinct === rows.length,
    categorical: !numeric && rows.length >= MIN_ROWS_FOR_CATEGORIES && distinct >= 2 && distinct <= rows.length / 2.5,
    named,
  };
}

/** A table whose rows can be named (a column of distinct texts), or undefined. */
export function describeTable(raw: RawTable, identity: { id: number; unit: number; title: string; section?: string }): Table | undefined {
  const headers = raw.headers.map((header, index) => header.trim() || `Column ${index + 1}`);
  const columns = headers.map((header, index) => describeColumn(header, (raw.headers[index] ?? '').trim() !== '', raw.rows, index));
  const keyColumn = columns.findIndex((column) => column.unique && !column.numeric);
  if (keyColumn < 0 || raw.rows.length === 0 || crossesItself(headers, columns[keyColumn]?.values ?? [])) return undefined;
  return { ...identity, headers, rows: raw.rows, keyColumn, columns };
}

/**
 * ssl's table of which client protocol talks to which server protocol ("SSLv2: yes; SSLv3: no; …" in the
 * row of SSLv2): the rows are named by the columns' own headers, a matrix of the same things whose cells
 * say nothing of a row alone.
 */
function crossesItself(headers: readonly string[], keys: readonly string[]): boolean {
  const named = new Set(headers.map(comparisonKey));
  return keys.filter((key) => named.has(comparisonKey(key))).length * 2 > keys.length;
}

/** "Capital: Paris; Population (millions): 68.2" for one row, without the key column and the columns without a header. */
export function describeRow(table: Table, row: number): string {
  return table.columns
    .map((column, index) => (index === table.keyColumn || !column.named || !column.values[row]?.trim() ? undefined : `${column.header}: ${column.values[row]}`))
    .filter((part): part is string => part !== undefined)
    .join('; ');
}
