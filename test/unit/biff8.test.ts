import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ExtractionError } from '../../extraction/extractor.ts';
import { BiffFormatError, readBiff8 } from '../../extraction/formats/biff8.ts';
import { builtInFormat } from '../../extraction/formats/number-format.ts';

// The BIFF8 reader on record streams written here byte by byte ([MS-XLS]), for what the fixture
// workbook does not show: strings continued across records, every kind of cell, encryption.

const record = (type: number, data: Buffer) => {
  const header = Buffer.alloc(4);
  header.writeUInt16LE(type, 0);
  header.writeUInt16LE(data.length, 2);
  return Buffer.concat([header, data]);
};
const u16 = (...values: number[]) => Buffer.concat(values.map((value) => Buffer.from([value & 0xff, value >> 8])));
const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value, 0);
  return bytes;
};
const double = (value: number) => {
  const bytes = Buffer.alloc(8);
  bytes.writeDoubleLE(value, 0);
  return bytes;
};
const bof = (kind: number) => record(0x0809, Buffer.concat([u16(0x0600, kind), Buffer.alloc(12)]));
const eof = () => record(0x000a, Buffer.alloc(0));
const cell = (row: number, column: number, xf = 0) => u16(row, column, xf);

/** A workbook whose globals are `globals` and whose one sheet, "Data", holds `cells`. */
function workbook(globals: Buffer[], cells: Buffer[]): Buffer {
  const before = Buffer.concat([bof(0x0005), ...globals]);
  const boundSheet = (offset: number) => record(0x0085, Buffer.concat([u32(offset), Buffer.from([0, 0, 4, 0]), Buffer.from('Data', 'latin1')]));
  const sheetOffset = before.length + boundSheet(0).length + eof().length;
  return Buffer.concat([before, boundSheet(sheetOffset), eof(), bof(0x0010), ...cells, eof()]);
}

const read = (stream: Buffer) => readBiff8(stream, builtInFormat, { maxCells: 100 });

describe('BIFF8 reader', () => {
  test('shared strings continued across CONTINUE records, switching from 8-bit to 16-bit characters', () => {
    // Two strings: "Osmosis", then "Diffusion é→" split after "Diff" into a CONTINUE whose flag byte says 16-bit.
    const sst = Buffer.concat([
      u32(2),
      u32(2),
      u16(7),
      Buffer.from([0]),
      Buffer.from('Osmosis', 'latin1'),
      u16(12),
      Buffer.from([0]),
      Buffer.from('Diff', 'latin1'),
    ]);
    const continued = Buffer.concat([Buffer.from([1]), Buffer.from('usion é→', 'utf16le')]);
    const stream = workbook(
      [record(0x00fc, sst), record(0x003c, continued)],
      [record(0x00fd, Buffer.concat([cell(0, 0), u32(0)])), record(0x00fd, Buffer.concat([cell(0, 1), u32(1)]))],
    );
    assert.deepEqual(
      read(stream).sheets[0]?.cells.map((entry) => entry.value),
      [
        { kind: 'text', text: 'Osmosis' },
        { kind: 'text', text: 'Diffusion é→' },
      ],
    );
  });

  test('numbers (NUMBER, RK integer and /100, MULRK), formula results, booleans, errors and labels', () => {
    const rkInteger = (value: number) => (value << 2) | 0x02;
    const cells = [
      record(0x0203, Buffer.concat([cell(1, 0), double(15.999)])),
      record(0x027e, Buffer.concat([cell(1, 1), u32(rkInteger(7))])),
      record(0x027e, Buffer.concat([cell(1, 2), u32(rkInteger(12345) | 0x01)])),
      record(0x00bd, Buffer.concat([u16(2, 0), u16(0), u32(rkInteger(3)), u16(0), u32(rkInteger(4)), u16(1)])),
      record(0x0006, Buffer.concat([cell(3, 0), double(42), Buffer.alloc(6)])),
      record(0x0006, Buffer.concat([cell(3, 1), Buffer.from([0, 0, 0, 0, 0, 0, 0xff, 0xff]), Buffer.alloc(6)])),
      record(0x0207, Buffer.concat([u16(5), Buffer.from([0]), Buffer.from('Green', 'latin1')])),
      record(0x0205, Buffer.concat([cell(4, 0), Buffer.from([1, 0])])),
      record(0x0205, Buffer.concat([cell(4, 1), Buffer.from([0x07, 1])])),
      record(0x0204, Buffer.concat([cell(5, 0), u16(4), Buffer.from([0]), Buffer.from('Note', 'latin1')])),
    ];
    const values = read(workbook([], cells)).sheets[0]?.cells.map(({ row, column, value }) => [
      row,
      column,
      value.kind,
      'value' in value ? value.value : 'text' in value ? value.text : value.code,
    ]);
    assert.deepEqual(values, [
      [1, 0, 'number', 15.999],
      [1, 1, 'number', 7],
      [1, 2, 'number', 123.45],
      [2, 0, 'number', 3],
      [2, 1, 'number', 4],
      [3, 0, 'number', 42],
      [3, 1, 'text', 'Green'],
      [4, 0, 'boolean', true],
      [4, 1, 'error', 0x07],
      [5, 0, 'text', 'Note'],
    ]);
  });

  test('a number shows through its cell format: XF → FORMAT, or a built-in one', () => {
    const format = record(0x041e, Buffer.concat([u16(164), u16(10), Buffer.from([0]), Buffer.from('yyyy-mm-dd', 'latin1')]));
    const xf = (id: number) => record(0x00e0, Buffer.concat([u16(0, id), Buffer.alloc(16)]));
    const stream = workbook(
      [format, xf(0), xf(164), xf(10)],
      [record(0x0203, Buffer.concat([cell(0, 0, 1), double(45366)])), record(0x0203, Buffer.concat([cell(0, 1, 2), double(0.125)]))],
    );
    assert.deepEqual(
      read(stream).sheets[0]?.cells.map((entry) => (entry.value.kind === 'number' ? entry.value.format : '')),
      ['yyyy-mm-dd', '0.00%'],
    );
  });

  test('an encrypted workbook, a truncated stream, too many cells and other streams are refused', () => {
    assert.throws(
      () => read(workbook([record(0x002f, Buffer.alloc(6))], [])),
      (error: unknown) => error instanceof ExtractionError && /password-protected/.test(error.message),
    );
    assert.throws(() => read(workbook([], []).subarray(0, 30)), BiffFormatError);
    assert.throws(() => read(Buffer.from('not a workbook at all')), BiffFormatError);
    const many = Array.from({ length: 101 }, (_, i) => record(0x0203, Buffer.concat([cell(i, 0), double(i)])));
    assert.throws(() => read(workbook([], many)), /more than 100 filled cells/);
  });
});
