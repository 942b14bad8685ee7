import { ExtractionError } from '../extractor.ts';

// A reader of the cells of an Excel 97-2003 workbook: the BIFF8 record stream ("Workbook") inside
// the compound file (read by `cfb`). Only what text extraction needs: sheet names, shared strings,
// number formats and cell values ([MS-XLS] 2.4). The npm `xlsx` package would read it too, but its
// registry release carries unfixed advisories (FIELD-NOTES).

export type BiffValue =
  { kind: 'text'; text: string } | { kind: 'number'; value: number; format: string } | { kind: 'boolean'; value: boolean } | { kind: 'error'; code: number };
export type BiffCell = { row: number; column: number; value: BiffValue };
export type BiffSheet = { name: string; cells: BiffCell[] };
export type BiffWorkbook = { sheets: BiffSheet[]; date1904: boolean };

const RECORD = {
  BOF: 0x0809,
  EOF: 0x000a,
  FILEPASS: 0x002f,
  DATEMODE: 0x0022,
  BOUNDSHEET: 0x0085,
  SST: 0x00fc,
  CONTINUE: 0x003c,
  FORMAT: 0x041e,
  XF: 0x00e0,
  LABELSST: 0x00fd,
  LABEL: 0x0204,
  NUMBER: 0x0203,
  RK: 0x027e,
  MULRK: 0x00bd,
  FORMULA: 0x0006,
  STRING: 0x0207,
  BOOLERR: 0x0205,
} as const;

const BIFF8 = 0x0600;
const WORKSHEET = 0x0010;

export class BiffFormatError extends Error {}

type Record_ = { type: number; offset: number; data: Buffer };

function* records(stream: Buffer): Generator<Record_> {
  for (let offset = 0; offset + 4 <= stream.length;) {
    const type = stream.readUInt16LE(offset);
    const length = stream.readUInt16LE(offset + 2);
    if (offset + 4 + length > stream.length) throw new BiffFormatError('a record runs past the end of the stream');
    yield { type, offset, data: stream.subarray(offset + 4, offset + 4 + length) };
    offset += 4 + length;
  }
}

/**
 * Reads strings that may continue across CONTINUE records: at a record boundary inside a string's
 * characters, the next record starts with a fresh flag byte saying whether they are 8 or 16 bits.
 */
class ContinuedReader {
  #parts: Buffer[];
  #part = 0;
  #at = 0;
  constructor(parts: Buffer[]) {
    this.#parts = parts;
  }
  #current(): Buffer {
    while (this.#at >= (this.#parts[this.#part]?.length ?? 0)) {
      if (this.#part >= this.#parts.length - 1) throw new BiffFormatError('a string runs past its records');
      this.#part++;
      this.#at = 0;
    }
    return this.#parts[this.#part] as Buffer;
  }
  u8(): number {
    return this.#current()[this.#at++] as number;
  }
  u16(): number {
    return this.u8() | (this.u8() << 8);
  }
  u32(): number {
    return (this.u16() | (this.u16() << 16)) >>> 0;
  }
  skip(count: number): void {
    for (let left = count; left > 0;) {
      const part = this.#current();
      const step = Math.min(left, part.length - this.#at);
      this.#at += step;
      left -= step;
    }
  }
  /** `count` characters, 16-bit when `wide`, re-reading the width at each record boundary. */
  chars(count: number, wide: boolean): string {
    let text = '';
    let width = wide ? 2 : 1;
    for (let left = count; left > 0;) {
      if (this.#at >= (this.#parts[this.#part] as Buffer).length) {
        this.#next();
        width = ((this.#parts[this.#part] as Buffer)[this.#at++] as number) & 0x01 ? 2 : 1;
      }
      const part = this.#parts[this.#part] as Buffer;
      const take = Math.min(left, Math.floor((part.length - this.#at) / width));
      if (take === 0) throw new BiffFormatError('a string splits inside a character');
      const bytes = part.subarray(this.#at, this.#at + take * width);
      text += width === 2 ? bytes.toString('utf16le') : bytes.toString('latin1');
      this.#at += bytes.length;
      left -= take;
    }
    return text;
  }
  #next(): void {
    if (this.#part >= this.#parts.length - 1) throw new BiffFormatError('a string runs past its records');
    this.#part++;
    this.#at = 0;
  }
  /** An XLUnicodeRichExtendedString (the SST's strings): rich-text runs and phonetic data skipped. */
  richString(): string {
    const count = this.u16();
    const flags = this.u8();
    const runs = flags & 0x08 ? this.u16() : 0;
    const extended = flags & 0x04 ? this.u32() : 0;
    const text = this.chars(count, (flags & 0x01) === 1);
    this.skip(runs * 4 + extended);
    return text;
  }
}

/** An XLUnicodeString inside one record (LABEL, STRING, FORMAT); `lengthBytes` 1 for sheet names. */
function unicodeString(data: Buffer, at: number, lengthBytes: 1 | 2): string {
  const count = lengthBytes === 1 ? (data[at] as number) : data.readUInt16LE(at);
  const flags = data[at + lengthBytes] as number;
  const start = at + lengthBytes + 1;
  return (flags & 0x01) === 1 ? data.toString('utf16le', start, start + count * 2) : data.toString('latin1', start, start + count);
}

/** An RK number: 30 bits of either a signed integer or the top of a double, optionally divided by 100. */
function rkValue(rk: number): number {
  let value: number;
  if (rk & 0x02) value = rk >> 2;
  else {
    const bytes = Buffer.alloc(8);
    bytes.writeUInt32LE(rk & 0xfffffffc, 4);
    value = bytes.readDoubleLE(0);
  }
  return rk & 0x01 ? value / 100 : value;
}

/** Built-in number formats by id, as Excel shows them in the English locale. */
export type FormatLookup = (id: number) => string;

export function readBiff8(stream: Buffer, builtInFormat: FormatLookup, limits: { maxCells: number }): BiffWorkbook {
  const all = [...records(stream)];
  const first = all[0];
  if (!first || first.type !== RECORD.BOF || first.data.readUInt16LE(0) !== BIFF8) throw new BiffFormatError('not a BIFF8 workbook stream');

  const sheetsAt = new Map<number, string>();
  const formats = new Map<number, string>();
  const xfFormats: number[] = [];
  let strings: string[] = [];
  let date1904 = false;
  let globalsEnd = all.length;
  for (let i = 0; i < all.length; i++) {
    const record = all[i] as Record_;
    if (record.type === RECORD.EOF) {
      globalsEnd = i;
      break;
    }
    switch (record.type) {
      case RECORD.FILEPASS:
        throw new ExtractionError('the Excel workbook is password-protected; remove the password and upload it again');
      case RECORD.DATEMODE:
        date1904 = record.data.readUInt16LE(0) === 1;
        break;
      case RECORD.BOUNDSHEET:
        if (record.data[5] === 0) sheetsAt.set(record.data.readUInt32LE(0), unicodeString(record.data, 6, 1));
        break;
      case RECORD.FORMAT:
        formats.set(record.data.readUInt16LE(0), unicodeString(record.data, 2, 2));
        break;
      case RECORD.XF:
        xfFormats.push(record.data.readUInt16LE(2));
        break;
      case RECORD.SST: {
        const parts = [record.data];
        while (all[i + 1]?.type === RECORD.CONTINUE) parts.push((all[++i] as Record_).data);
        const reader = new ContinuedReader(parts);
        reader.skip(4);
        const unique = reader.u32();
        strings = Array.from({ length: unique }, () => reader.richString());
        break;
      }
    }
  }

  const formatOf = (xf: number) => {
    const id = xfFormats[xf] ?? 0;
    return formats.get(id) ?? builtInFormat(id);
  };
  const sheets: BiffSheet[] = [];
  let current: BiffSheet | null = null;
  let pendingFormula: { row: number; column: number } | null = null;
  let cellCount = 0;
  const add = (row: number, column: number, value: BiffValue) => {
    if (++cellCount > limits.maxCells)
      throw new ExtractionError(`the workbook has more than ${limits.maxCells.toLocaleString('en')} filled cells; split it into smaller files`);
    current?.cells.push({ row, column, value });
  };
  for (let i = globalsEnd + 1; i < all.length; i++) {
    const { type, offset, data } = all[i] as Record_;
    if (type === RECORD.BOF) {
      const name = sheetsAt.get(offset);
      current = name !== undefined && data.readUInt16LE(2) === WORKSHEET ? { name, cells: [] } : null;
      if (current) sheets.push(current);
      continue;
    }
    if (!current) continue;
    switch (type) {
      case RECORD.EOF:
        current = null;
        break;
      case RECORD.LABELSST:
        add(data.readUInt16LE(0), data.readUInt16LE(2), { kind: 'text', text: strings[data.readUInt32LE(6)] ?? '' });
        break;
      case RECORD.LABEL:
        add(data.readUInt16LE(0), data.readUInt16LE(2), { kind: 'text', text: unicodeString(data, 6, 2) });
        break;
      case RECORD.NUMBER:
        add(data.readUInt16LE(0), data.readUInt16LE(2), { kind: 'number', value: data.readDoubleLE(6), format: formatOf(data.readUInt16LE(4)) });
        break;
      case RECORD.RK:
        add(data.readUInt16LE(0), data.readUInt16LE(2), { kind: 'number', value: rkValue(data.readUInt32LE(6)), format: formatOf(data.readUInt16LE(4)) });
        break;
      case RECORD.MULRK: {
        const row = data.readUInt16LE(0);
        const firstColumn = data.readUInt16LE(2);
        for (let at = 4, column = firstColumn; at + 6 <= data.length - 2; at += 6, column++) {
          add(row, column, { kind: 'number', value: rkValue(data.readUInt32LE(at + 2)), format: formatOf(data.readUInt16LE(at)) });
        }
        break;
      }
      case RECORD.BOOLERR:
        add(data.readUInt16LE(0), data.readUInt16LE(2), data[7] === 1 ? { kind: 'error', code: data[6] as number } : { kind: 'boolean', value: data[6] === 1 });
        break;
      case RECORD.FORMULA: {
        const row = data.readUInt16LE(0);
        const column = data.readUInt16LE(2);
        // The cached result: a double, or (marked by 0xFFFF in its last two bytes) a string that
        // follows in a STRING record, a boolean or an error.
        if (data.readUInt16LE(12) !== 0xffff) add(row, column, { kind: 'number', value: data.readDoubleLE(6), format: formatOf(data.readUInt16LE(4)) });
        else if (data[6] === 0) pendingFormula = { row, column };
        else if (data[6] === 1) add(row, column, { kind: 'boolean', value: data[8] === 1 });
        else if (data[6] === 2) add(row, column, { kind: 'error', code: data[8] as number });
        break;
      }
      case RECORD.STRING:
        if (pendingFormula) add(pendingFormula.row, pendingFormula.column, { kind: 'text', text: unicodeString(data, 0, 2) });
        pendingFormula = null;
        break;
    }
  }
  return { sheets, date1904 };
}
