import CFB from 'cfb';

// The title of a Word/Excel/PowerPoint 97-2003 file, from its SummaryInformation property set
// (MS-OLEPS): property 2 (title) as a code-page string or UTF-16, under the code page of property 1.

const PID_CODEPAGE = 1;
const PID_TITLE = 2;
const VT_I2 = 0x02;
const VT_LPSTR = 0x1e;
const VT_LPWSTR = 0x1f;
const MAX_TITLE_BYTES = 4096;
const MAX_PROPERTIES = 1000;

const encodings: Record<number, string> = { 932: 'shift_jis', 936: 'gbk', 949: 'euc-kr', 950: 'big5', 1200: 'utf-16le', 10000: 'macintosh', 65001: 'utf-8' };

function decode(bytes: Buffer, codePage: number): string {
  const label = encodings[codePage] ?? (codePage >= 874 && codePage <= 1258 ? `windows-${codePage}` : 'windows-1252');
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The document's title, or undefined when it has none or the property set cannot be read. */
export function oleTitle(path: string): string | undefined {
  try {
    const entry = CFB.find(CFB.read(path, { type: 'file' }), '\u0005SummaryInformation');
    if (!entry) return undefined;
    const stream = Buffer.from(entry.content as Uint8Array);
    const section = stream.readUInt32LE(44);
    const count = Math.min(stream.readUInt32LE(section + 4), MAX_PROPERTIES);
    const offsets = new Map<number, number>();
    for (let i = 0; i < count; i++) offsets.set(stream.readUInt32LE(section + 8 + i * 8), section + stream.readUInt32LE(section + 12 + i * 8));
    const codePageAt = offsets.get(PID_CODEPAGE);
    const codePage = codePageAt !== undefined && stream.readUInt16LE(codePageAt) === VT_I2 ? stream.readUInt16LE(codePageAt + 4) : 1252;
    const titleAt = offsets.get(PID_TITLE);
    if (titleAt === undefined) return undefined;
    const type = stream.readUInt16LE(titleAt);
    const length = stream.readUInt32LE(titleAt + 4);
    const start = titleAt + 8;
    let title: string;
    if (type === VT_LPSTR) title = decode(stream.subarray(start, start + Math.min(length, MAX_TITLE_BYTES)), codePage);
    else if (type === VT_LPWSTR) title = stream.subarray(start, start + Math.min(length * 2, MAX_TITLE_BYTES)).toString('utf16le');
    else return undefined;
    return title.replace(/\0.*$/s, '').replace(/\s+/g, ' ').trim() || undefined;
  } catch {
    return undefined;
  }
}
