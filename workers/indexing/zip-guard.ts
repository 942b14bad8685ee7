import yauzl from 'yauzl';
import { ExtractionError } from './extractor.ts';

// Zip containers (DOCX, PPTX, XLSX) are inflated and counted entry by entry before any parser sees
// them: declared sizes are not trusted, and a bomb is stopped as soon as the count passes a limit.

export type ZipLimits = { maxTotalBytes: number; maxEntries: number; maxRatio: number };

export const defaultZipLimits: ZipLimits = { maxTotalBytes: 300 * 1024 * 1024, maxEntries: 10_000, maxRatio: 1000 };

const open = (path: string) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: true, validateEntrySizes: true, strictFileNames: false }, (error, zip) =>
      error ? reject(error) : resolve(zip),
    ),
  );

/** Resolves with the entry names when the archive is safe to parse; rejects with ExtractionError otherwise. */
export async function checkZip(path: string, limits: ZipLimits = defaultZipLimits): Promise<string[]> {
  let zip: yauzl.ZipFile;
  try {
    zip = await open(path);
  } catch {
    throw new ExtractionError('the file is damaged: its zip container cannot be read');
  }
  const bomb = () => new ExtractionError('the file expands to far more data than its size allows (a zip bomb?) and was not parsed');
  const names: string[] = [];
  let total = 0;
  return new Promise<string[]>((resolve, reject) => {
    const fail = (error: ExtractionError) => {
      zip.close();
      reject(error);
    };
    zip.on('error', () => fail(new ExtractionError('the file is damaged: its zip container cannot be read')));
    zip.on('end', () => resolve(names));
    zip.on('entry', (entry: yauzl.Entry) => {
      names.push(entry.fileName);
      if (names.length > limits.maxEntries) return fail(new ExtractionError(`the file holds more than ${limits.maxEntries} parts and was not parsed`));
      if (entry.fileName.startsWith('/') || entry.fileName.split(/[\\/]/).includes('..')) {
        return fail(new ExtractionError('the file holds a part with an unsafe path and was not parsed'));
      }
      if (entry.fileName.endsWith('/')) return zip.readEntry();
      zip.openReadStream(entry, (error, stream) => {
        if (error) return fail(new ExtractionError('the file is damaged: a part of its zip container cannot be read'));
        let entryBytes = 0;
        stream.on('data', (chunk: Buffer) => {
          entryBytes += chunk.length;
          total += chunk.length;
          const ratio = entryBytes / Math.max(entry.compressedSize, 1);
          if (total > limits.maxTotalBytes || (entryBytes > 1024 * 1024 && ratio > limits.maxRatio)) {
            stream.destroy();
            fail(bomb());
          }
        });
        stream.on('error', () => fail(new ExtractionError('the file is damaged: a part of its zip container is corrupt')));
        stream.on('end', () => zip.readEntry());
      });
    });
    zip.readEntry();
  });
}
