import { open } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import type { ExtractedContent } from '../../domain/learning-content.ts';
import { ExtractionError } from './extractor.ts';

// OCR of PNG and JPEG with one long-lived tesseract.js worker, fully offline: the English model comes
// from the @tesseract.js-data/eng npm package. Loading can hang instead of failing, so it is bounded.

const MAX_PIXELS = 40_000_000;
const START_TIMEOUT_MS = 30_000;

const langPath = () => join(dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

const withTimeout = <T>(promise: Promise<T>, ms: number, message: string): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ExtractionError(message, { retryable: true })), ms);
    }),
  ]);
};

/** Width and height from the PNG IHDR or the JPEG SOF marker, read before any decoding. */
export async function imageSize(path: string): Promise<{ width: number; height: number } | null> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(65_536);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const bytes = head.subarray(0, bytesRead);
    if (bytes.readUInt32BE(0) === 0x89504e47) return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
    for (let i = 2; i + 9 < bytes.length; ) {
      if (bytes[i] !== 0xff) return null;
      const marker = bytes[i + 1] as number;
      const length = bytes.readUInt16BE(i + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
      }
      i += 2 + length;
    }
    return null;
  } finally {
    await handle.close();
  }
}

export type Ocr = { recognize(path: string, title: string): Promise<ExtractedContent>; close(): Promise<void> };

export function createOcr(options: { timeoutMs: number }): Ocr {
  let worker: Promise<Worker> | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  const start = () =>
    withTimeout(
      (async () => {
        const created = await createWorker('eng', OEM.LSTM_ONLY, { langPath: langPath(), gzip: true, cacheMethod: 'none', errorHandler: () => undefined });
        await created.setParameters({ tessedit_pageseg_mode: PSM.AUTO });
        return created;
      })(),
      START_TIMEOUT_MS,
      'the text recognition engine did not start in time',
    );

  const recognize = async (path: string, title: string): Promise<ExtractedContent> => {
    const size = await imageSize(path);
    if (!size || size.width === 0 || size.height === 0) throw new ExtractionError('the image is damaged: its size cannot be read');
    if (size.width * size.height > MAX_PIXELS) {
      throw new ExtractionError(`the image has ${Math.round((size.width * size.height) / 1e6)} megapixels; the limit is ${MAX_PIXELS / 1e6}`);
    }
    worker ??= start().catch((error: unknown) => {
      worker = null;
      throw error;
    });
    const ready = await worker;
    let result;
    try {
      result = await withTimeout(ready.recognize(path), options.timeoutMs, 'text recognition took too long');
    } catch (error) {
      if (error instanceof ExtractionError) {
        worker = null;
        await ready.terminate().catch(() => undefined);
        throw error;
      }
      throw new ExtractionError('the image is damaged and cannot be read');
    }
    const text = result.data.text.trim();
    return { title, text, outline: [{ kind: 'page', index: 0, text }] };
  };

  return {
    // One image at a time through the one worker; callers queue.
    recognize(path, title) {
      const next = queue.then(() => recognize(path, title));
      queue = next.catch(() => undefined);
      return next;
    },
    async close() {
      const current = worker;
      worker = null;
      if (current) await (await current.catch(() => null))?.terminate();
    },
  };
}
