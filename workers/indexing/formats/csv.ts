import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';
import { ExtractionError } from '../extractor.ts';
import type { FormatParser } from './format-parser.ts';

// CSV: the first row names the columns and every later row reads "Column: value; Column: value", so
// each row is a self-contained statement for search and generation. One `sheet` in the outline.

const MAX_ROWS = 200_000;

const rowsToText = (header: string[], rows: string[][]): string =>
  rows
    .map((row) =>
      row
        .map((value, i) => [header[i]?.trim() || `Column ${i + 1}`, value.trim()] as const)
        .filter(([, value]) => value !== '')
        .map(([name, value]) => `${name}: ${value}`)
        .join('; '),
    )
    .filter(Boolean)
    .join('\n');

export const parseCsv: FormatParser = async (path, { fileName }) => {
  const parser = createReadStream(path).pipe(
    parse({ bom: true, relax_column_count: true, skip_empty_lines: true, max_record_size: 1024 * 1024, delimiter: [',', ';', '\t'] }),
  );
  const records: string[][] = [];
  try {
    for await (const record of parser) {
      records.push(record as string[]);
      if (records.length > MAX_ROWS) throw new ExtractionError(`the CSV file has more than ${MAX_ROWS} rows`);
    }
  } catch (error) {
    if (error instanceof ExtractionError) throw error;
    throw new ExtractionError(`the CSV file cannot be read: ${(error as Error).message.split('\n')[0]}`);
  }
  const [header = [], ...rows] = records;
  const text = rowsToText(header, rows.length > 0 ? rows : []);
  const title = fileName?.replace(/\.[^.]+$/, '') || 'Table';
  return { title, text, outline: [{ kind: 'sheet', index: 0, title, text }] };
};
