import CFB from 'cfb';
const c = CFB.read(process.argv[2]!, { type: 'file' });
const doc = Buffer.from(CFB.find(c, 'PowerPoint Document')!.content as Uint8Array);
function walk(buf: Buffer, start: number, end: number, depth: number) {
  for (let at = start; at + 8 <= end;) {
    const verInst = buf.readUInt16LE(at),
      type = buf.readUInt16LE(at + 2),
      len = buf.readUInt32LE(at + 4);
    const ver = verInst & 0xf,
      inst = verInst >> 4;
    let text = '';
    if (type === 0x0fa0) text = buf.toString('utf16le', at + 8, at + 8 + len);
    if (type === 0x0fa8) text = buf.toString('latin1', at + 8, at + 8 + len);
    if (depth < 3 || text) console.log(' '.repeat(depth * 2) + type.toString(16), 'inst', inst, 'len', len, text.slice(0, 60).replace(/\r/g, '⏎'));
    if (ver === 0xf) walk(buf, at + 8, at + 8 + len, depth + 1);
    at += 8 + len;
  }
}
walk(doc, 0, doc.length, 0);
