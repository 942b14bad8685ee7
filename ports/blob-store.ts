import type { Readable } from 'node:stream';

// The blob-store port: uploaded bytes and extracted text. Adapters: local disk (embedded default,
// upload URLs signed with HMAC and served by the API itself) and Google Cloud Storage.

export type StoredBlob = { key: string; sha256: string; size: number; contentType?: string };

export class BlobTooLargeError extends Error {
  readonly limit: number;
  constructor(limit: number) {
    super(`the file is larger than the limit of ${limit} bytes`);
    this.name = 'BlobTooLargeError';
    this.limit = limit;
  }
}

export class BlobNotFoundError extends Error {
  constructor(key: string) {
    super(`no blob stored under ${key}`);
    this.name = 'BlobNotFoundError';
  }
}

export type UploadUrlRequest = { key: string; contentType: string; expiresAt: Date; maxBytes: number };

export interface BlobStore {
  /** Streams `body` into the store, hashing it with SHA-256 as it arrives; rejects with BlobTooLargeError past maxBytes. */
  put(key: string, body: Readable | Buffer, options?: { contentType?: string; maxBytes?: number }): Promise<StoredBlob>;
  get(key: string): Promise<Buffer>;
  /** Copies the blob to a local file so a sandboxed parser can read it by path. */
  download(key: string, path: string): Promise<void>;
  stat(key: string): Promise<StoredBlob | null>;
  /** Removing a blob that does not exist is not an error. */
  delete(key: string): Promise<void>;
  /** A URL the client PUTs the bytes to. */
  createUploadUrl(request: UploadUrlRequest): Promise<string>;
}
