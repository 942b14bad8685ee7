import yauzl from 'yauzl';
import { ExtractionError } from './extractor.ts';

// Zip containers (DOCX, PPTX, XLSX) are checked before any parser sees them, because no JS parser
// bounds its memory on a bomb (FIELD-NOTES). Every entry is inflated and its bytes counted and
// thrown away. Declared sizes are used only to refuse early, never believed: yauzl stops an entry the
// moment it inflates past its declared size (validateEntrySizes), and each declared size is charged
// against the total before inflating, so what is actually inflated never exceeds the limit. A 10 GB
// bomb that declares its size is refused without inflating a byte; one that hides it is refused as
// soon as it exceeds what it declared.

export type ZipLimits = {
  /** Inflated bytes over all entries. */
  maxTotalBytes: number;
  maxEntries: number;
  /** Inflated/compressed ratio of one entry, judged only for entries above `ratioFloorBytes`. */
  maxRatio: number;
  ratioFloorBytes: number;
};

// Deflate tops out near 1,030:1 (long runs of one byte); real OOXML parts stay well below 100:1.
export const defaultZipLimits: ZipLimits = { maxTotalBytes: 200 * 1024 * 1024, maxEntries: 10_000, maxRatio: 500, ratioFloorBytes: 10 * 1024 * 1024 };

export type ZipSummary = { entries: number; inflatedBytes: number };

const describeSize = (bytes: number) => (bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GB` : `${Math.round(bytes / 1024 ** 2)} MB`);

const damaged = () => new ExtractionError('the file is damaged: its zip container cannot be read');
const unsafePath = () => new ExtractionError('the file holds a part whose path leaves the archive (an attack?) and was not parsed');

/** yauzl reports a file name that is absolute, climbs with `..` or holds backslashes as an error. */
const isUnsafePathError = (error: Error) => /absolute path|invalid relative path|invalid characters in fileName/.test(error.message);

const tooManyEntries = (maxEntries: number) => new ExtractionError(`the file holds more than ${maxEntries} parts and was not parsed`);

/** The archive opened for reading its entries one by one, once its directory is known to be sane. */
async function openZip(path: string, maxEntries: number): Promise<yauzl.ZipFile> {
  let zip: yauzl.ZipFile;
  try {
    zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.open(path, { lazyEntries: true, autoClose: true, validateEntrySizes: true, decodeStrings: true, strictFileNames: false }, (error, opened) =>
        error ? reject(error) : resolve(opened),
      ),
    );
  } catch (error) {
    throw isUnsafePathError(error as Error) ? unsafePath() : damaged();
  }
  if (zip.entryCount > maxEntries) {
    zip.close();
    throw tooManyEntries(maxEntries);
  }
  return zip;
}

/** The entry names, read from the central directory without inflating anything. */
export async function listZipEntries(path: string, maxEntries: number = defaultZipLimits.maxEntries): Promise<string[]> {
  const zip = await openZip(path, maxEntries);
  return new Promise((resolve, reject) => {
    const names: string[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      names.push(entry.fileName);
      zip.readEntry();
    });
    zip.on('end', () => resolve(names));
    zip.on('error', (error: Error) => reject(isUnsafePathError(error) ? unsafePath() : damaged()));
    zip.readEntry();
  });
}

/** Resolves when the archive is safe to hand to a parser; rejects with an ExtractionError saying why not. */
export async function guardZip(path: string, limits: ZipLimits = defaultZipLimits): Promise<ZipSummary> {
  const zip = await openZip(path, limits.maxEntries);
  const bomb = (bytes: number) =>
    new ExtractionError(`the file expands to ${describeSize(bytes)} or more when unpacked (a zip bomb?); the limit is ${describeSize(limits.maxTotalBytes)}`);

  return new Promise<ZipSummary>((resolve, reject) => {
    let entries = 0;
    let total = 0;
    let settled = false;
    const fail = (error: ExtractionError) => {
      if (settled) return;
      settled = true;
      zip.close();
      reject(error);
    };
    zip.on('error', (error: Error) => fail(isUnsafePathError(error) ? unsafePath() : damaged()));
    zip.on('end', () => {
      if (settled) return;
      settled = true;
      resolve({ entries, inflatedBytes: total });
    });
    zip.on('entry', (entry: yauzl.Entry) => {
      if (++entries > limits.maxEntries) return fail(tooManyEntries(limits.maxEntries));
      if (entry.fileName.endsWith('/')) return zip.readEntry();
      if (total + entry.uncompressedSize > limits.maxTotalBytes) return fail(bomb(total + entry.uncompressedSize));
      if (entry.uncompressedSize > limits.ratioFloorBytes && entry.uncompressedSize / Math.max(entry.compressedSize, 1) > limits.maxRatio) {
        return fail(
          new ExtractionError(
            `the file holds a part that expands ${Math.round(entry.uncompressedSize / Math.max(entry.compressedSize, 1))} times (a zip bomb?) and was not parsed`,
          ),
        );
      }
      zip.openReadStream(entry, (error, stream) => {
        if (error) {
          return fail(
            /encrypted/i.test(error.message) ? new ExtractionError('the file is password-protected; remove the password and upload it again') : damaged(),
          );
        }
        stream.on('data', (chunk: Buffer) => {
          total += chunk.length;
          // The declared sizes charged above already keep this from happening while yauzl validates
          // them; counting what is really inflated makes the cap hold without trusting that.
          if (total > limits.maxTotalBytes) {
            stream.destroy();
            fail(bomb(total));
          }
        });
        stream.on('error', (streamError: Error) =>
          fail(
            /too many bytes/i.test(streamError.message)
              ? new ExtractionError('the file holds a part that unpacks to more than it declares (a zip bomb?) and was not parsed')
              : damaged(),
          ),
        );
        stream.on('end', () => {
          if (!settled) zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
}
