import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { hashingMeter } from './hashing-meter.ts';
import { Storage, type StorageOptions } from '@google-cloud/storage';
import { BlobNotFoundError, type BlobStore, type StoredBlob } from '../../ports/blob-store.ts';

// Google Cloud Storage. Uploads from clients go straight to the bucket with V4 signed URLs that bind
// the Content-Type; the service learns of them from an object-finalize notification (Pub/Sub push)
// or, failing that, from the upload sweeper. Our own writes are hashed with SHA-256 as they stream.

export type GcsOptions = {
  bucket: string;
  projectId?: string;
  keyFilename?: string;
  credentials?: { client_email: string; private_key: string };
  /** A local emulator or fake; requests to it are sent without authentication. */
  apiEndpoint?: string;
};

const notFound = (error: unknown) => (error as { code?: number })?.code === 404;

export function createGcsBlobStore(options: GcsOptions): BlobStore {
  const storageOptions: StorageOptions = {
    ...(options.projectId ? { projectId: options.projectId } : {}),
    ...(options.keyFilename ? { keyFilename: options.keyFilename } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    ...(options.apiEndpoint ? { apiEndpoint: options.apiEndpoint, useAuthWithCustomEndpoint: false } : {}),
    retryOptions: { autoRetry: true, maxRetries: 3 },
  };
  const bucket = new Storage(storageOptions).bucket(options.bucket);

  return {
    async put(key, body, putOptions = {}) {
      const meter = hashingMeter(putOptions.maxBytes);
      const file = bucket.file(key);
      try {
        await pipeline(
          Buffer.isBuffer(body) ? Readable.from([body]) : body,
          meter.stream,
          file.createWriteStream({ resumable: false, validation: false, ...(putOptions.contentType ? { contentType: putOptions.contentType } : {}) }),
        );
      } catch (error) {
        await file.delete({ ignoreNotFound: true }).catch(() => undefined);
        throw error;
      }
      const stored: StoredBlob = { key, ...meter.result(), ...(putOptions.contentType ? { contentType: putOptions.contentType } : {}) };
      return stored;
    },
    async get(key) {
      try {
        const [contents] = await bucket.file(key).download();
        return contents;
      } catch (error) {
        if (notFound(error)) throw new BlobNotFoundError(key);
        throw error;
      }
    },
    async download(key, path) {
      try {
        await bucket.file(key).download({ destination: path });
      } catch (error) {
        if (notFound(error)) throw new BlobNotFoundError(key);
        throw error;
      }
    },
    async stat(key) {
      try {
        const [metadata] = await bucket.file(key).getMetadata();
        // Objects uploaded by clients carry no SHA-256; the caller hashes them when it needs one.
        return { key, sha256: '', size: Number(metadata.size ?? 0), ...(metadata.contentType ? { contentType: metadata.contentType } : {}) };
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await bucket.file(key).delete({ ignoreNotFound: true });
    },
    async createUploadUrl({ key, contentType, expiresAt }) {
      const [url] = await bucket.file(key).getSignedUrl({ version: 'v4', action: 'write', expires: expiresAt, contentType });
      return url;
    },
  };
}
