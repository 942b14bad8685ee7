import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import { BlobTooLargeError } from '../../ports/blob-store.ts';

/** A pass-through that hashes with SHA-256 and counts bytes, failing with BlobTooLargeError past `limit`. */
export function hashingMeter(limit = Number.POSITIVE_INFINITY) {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > limit) return callback(new BlobTooLargeError(limit));
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  return { stream, result: () => ({ sha256: hash.digest('hex'), size }) };
}
