import { open } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { ExtractionError } from '../extractor.ts';
import { createOcrEngine, type OcrEngine } from '../ocr.ts';
import type { FormatParser } from './format-parser.ts';

// PNG and JPEG through OCR. The extractor reads the image's size from its header (below) before the
// OCR child sees it, so a decompression bomb (a small file declaring a huge canvas) is refused
// without anything allocating it.
// The OCR engine is created once per process and reused: this parser runs in a long-lived sandboxed
// child (file-extractor.ts), which keeps the ~1 s engine start out of every image but the first.

const MAX_IMAGE_PIXELS = 40_000_000;

type ImageSize = { width: number; height: number };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// Start-of-frame markers carry the size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not.
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
const MAX_JPEG_SEGMENTS = 10_000;

/** Width and height from the PNG IHDR chunk or the JPEG start-of-frame segment; null if unreadable. */
async function readImageSize(path: string): Promise<ImageSize | null> {
  const handle = await open(path, 'r');
  try {
    const size = (await handle.stat()).size;
    const read = async (position: number, length: number) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, position);
      return buffer.subarray(0, bytesRead);
    };
    const head = await read(0, 24);
    if (head.subarray(0, 8).equals(PNG_SIGNATURE)) {
      if (head.length < 24 || head.toString('latin1', 12, 16) !== 'IHDR') return null;
      return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
    }
    if (head[0] !== 0xff || head[1] !== 0xd8) return null;
    let position = 2;
    for (let segment = 0; segment < MAX_JPEG_SEGMENTS && position + 4 <= size; segment++) {
      const header = await read(position, 9);
      if (header[0] !== 0xff) return null;
      const marker = header[1] as number;
      // Fill bytes and markers without a length (RSTn, TEM) are skipped.
      if (marker === 0xff) {
        position += 1;
        continue;
      }
      if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
        position += 2;
        continue;
      }
      if (marker === 0xda || marker === 0xd9) return null;
      if (isStartOfFrame(marker)) return header.length < 9 ? null : { height: header.readUInt16BE(5), width: header.readUInt16BE(7) };
      if (header.length < 4) return null;
      position += 2 + header.readUInt16BE(2);
    }
    return null;
  } finally {
    await handle.close();
  }
}

/** Refuses an image that cannot be measured or would decode to more than MAX_IMAGE_PIXELS. */
export async function assertImageSizeAllowed(path: string): Promise<void> {
  const size = await readImageSize(path);
  if (!size || size.width === 0 || size.height === 0) throw new ExtractionError('the image is damaged: its size cannot be read');
  const pixels = size.width * size.height;
  if (pixels > MAX_IMAGE_PIXELS) {
    throw new ExtractionError(
      `the image is ${size.width} × ${size.height} pixels (${(pixels / 1e6).toFixed(0)} megapixels); the limit is ${MAX_IMAGE_PIXELS / 1e6} megapixels`,
    );
  }
}

let engine: OcrEngine | null = null;

export const parseImage: FormatParser = async (path, { fileName }) => {
  engine ??= createOcrEngine();
  const text = await engine.recognize(path);
  const title = fileName ? basename(fileName, extname(fileName)) : undefined;
  return { ...(title ? { title } : {}), text, outline: [{ kind: 'page', index: 0, text }] };
};
