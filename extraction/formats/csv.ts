import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { parse } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import { ExtractionError } from '../extractor.ts';
import type { FormatParser } from './format-parser.ts';

// CSV. The first row names the columns and every later row is written as "Column: value; Column:
// value" (empty cells left out), so each row reads as a self-contained statement for search and
// generation. The outline is one `sheet` (index 0, titled with the file name), the same shape as a
// one-sheet workbook: rows have no headings of their own to make sections from.

const DELIMITERS = [',', ';', '\t', '|'] as const;
const SAMPLE_BYTES = 64 * 1024;
const SAMPLE_LINES = 50;
const MAX_RECORD_CHARS = 1024 * 1024;

const fieldCounts = (sample: string, delimiter: string): number[] | null => {
  try {
    const records: string[][] = parseSync(sample, { delimiter, relax_column_count: true, skip_empty_lines: true, to_line: SAMPLE_LINES, bom: true });
    return records.map((record) => record.length);
  } catch {
    return null;
  }
};

/**
 * The delimiter under which the sample is a consistent table: at least `minRecords` records, every
 * one with the same number (≥ 2) of fields; the candidate giving the most fields wins. Null if none.
 * `sample` should end at a line break (a cut last line would miscount).
 */
export function tableDelimiter(sample: string, minRecords: number): string | null {
  let best: { delimiter: string; fields: number } | null = null;
  for (const delimiter of DELIMITERS) {
    const counts = fieldCounts(sample, delimiter);
    const fields = counts?.[0] ?? 0;
    if (!counts || counts.length < minRecords || fields < 2 || counts.some((count) => count !== fields)) continue;
    if (!best || fields > best.fields) best = { delimiter, fields };
  }
  return best?.delimiter ?? null;
}

/** The first SAMPLE_BYTES of a file, cut after its last complete line when the file is longer. */
export async function readTextSample(path: string): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(SAMPLE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SAMPLE_BYTES, 0);
    const complete = bytesRead < SAMPLE_BYTES;
    const bytes = buffer.subarray(0, complete ? bytesRead : buffer.lastIndexOf(0x0a, bytesRead - 1) + 1);
    return new TextDecoder('utf-8').decode(bytes);
  } finally {
    await handle.close();
  }
}

/** A consistent table if there is one, else the candidate splitting the header row most. */
function chooseDelimiter(sample: string): string {
  const consistent = tableDelimiter(sample, 1);
  if (consistent) return consistent;
  const header = sample.split('\n', 1)[0] ?? '';
  const counts = DELIMITERS.map((delimiter) => ({ delimiter, count: header.split(delimiter).length }));
  return counts.reduce((a, b) => (b.count > a.count ? b : a)).delimiter;
}

const rowStatement = (header: string[], row: string[]): string =>
  row
    .map((value, i) => ({ name: header[i] || `Column ${i + 1}`, value: value.trim() }))
    .filter(({ value }) => value !== '')
    .map(({ name, value }) => `${name}: ${value}`)
    .join('; ');

export const parseCsv: FormatParser = async (path, { fileName }) => {
  const delimiter = chooseDelimiter(await readTextSample(path));
  const records = createReadStream(path).pipe(
    parse({ bom: true, delimiter, max_record_size: MAX_RECORD_CHARS, relax_column_count: true, relax_quotes: true, skip_empty_lines: true }),
  );
  let header: string[] | null = null;
  const statements: string[] = [];
  try {
    for await (const record of records as AsyncIterable<string[]>) {
      if (!header) {
        header = record.map((name) => name.trim());
        continue;
      }
      const statement = rowStatement(header, record);
      if (statement) statements.push(statement);
    }
  } catch (error) {
    const reason = (error as Error).message.split('\n')[0];
    throw new ExtractionError(`the CSV file cannot be read: ${reason}`);
  }
  // A lone header row still carries words worth keeping.
  const text = statements.length > 0 ? statements.join('\n') : (header ?? []).filter(Boolean).join('; ');
  const title = fileName ? basename(fileName, extname(fileName)) : undefined;
  return { ...(title ? { title } : {}), text, outline: [{ kind: 'sheet', index: 0, ...(title ? { title } : {}), text }] };
};
