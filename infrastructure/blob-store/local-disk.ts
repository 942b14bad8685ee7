import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat as statFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { hashingMeter } from './hashing-meter.ts';
import { BlobNotFoundError, type BlobStore, type StoredBlob } from '../../ports/blob-store.ts';
import { signUpload } from './upload-signature.ts';

// Blobs as files under one directory, each with a JSON sidecar of its hash, size and type. Writes go
// to a temporary file that is renamed into place, so a reader never sees half a blob.

const SAFE_KEY = /^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*$/;

/** `publicBaseUrl` may be a function: the address is known only once the server listens (PORT=0). */
export function createLocalDiskBlobStore(options: { dir: string; publicBaseUrl: string | (() => string); signingSecret: string }): BlobStore {
  const root = resolve(options.dir);
  const pathOf = (key: string) => {
    if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '.' || part === '..')) throw new Error(`invalid blob key ${JSON.stringify(key)}`);
    const path = join(root, key);
    if (!path.startsWith(root + sep)) throw new Error(`invalid blob key ${JSON.stringify(key)}`);
    return path;
  };
  const sidecar = (key: string) => `${pathOf(key)}.meta.json`;

  const store: BlobStore = {
    async put(key, body, putOptions = {}) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${randomBytes(6).toString('hex')}.partial`;
      const meter = hashingMeter(putOptions.maxBytes);
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, meter.stream, createWriteStream(temporary));
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      const stored: StoredBlob = { key, ...meter.result(), ...(putOptions.contentType ? { contentType: putOptions.contentType } : {}) };
      await writeFile(sidecar(key), JSON.stringify(stored));
      await rename(temporary, path);
      return stored;
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BlobNotFoundError(key);
        throw error;
      }
    },
    async download(key, path) {
      try {
        await copyFile(pathOf(key), path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BlobNotFoundError(key);
        throw error;
      }
    },
    async stat(key) {
      try {
        await statFile(pathOf(key));
        return JSON.parse(await readFile(sidecar(key), 'utf8')) as StoredBlob;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
      await rm(sidecar(key), { force: true });
    },
    async createUploadUrl({ key, contentType, expiresAt, maxBytes }) {
      pathOf(key);
      const expires = Math.floor(expiresAt.getTime() / 1000);
      const sig = signUpload({ key, expires, contentType, maxBytes }, options.signingSecret);
      const query = new URLSearchParams({ expires: String(expires), ct: contentType, max: String(maxBytes), sig });
      const base = typeof options.publicBaseUrl === 'function' ? options.publicBaseUrl() : options.publicBaseUrl;
      return `${base}/v1/uploads/${key.split('/').map(encodeURIComponent).join('/')}?${query}`;
    },
  };
  return store;
}

/** A live writer touches its temporary file with every chunk; one untouched this long was left by a crash. */
const ABANDONED_AFTER_MS = 15 * 60_000;

/**
 * Removes the temporary files of writes that a crash (SIGKILL mid-upload) left behind; run at
 * start-up. Recent ones may belong to another process writing into the same directory right now.
 */
export async function removeAbandonedWrites(dir: string, now = Date.now()): Promise<number> {
  let removed = 0;
  let entries: string[];
  try {
    entries = await readdir(dir, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  for (const entry of entries) {
    if (!entry.endsWith('.partial')) continue;
    const path = join(dir, entry);
    const info = await statFile(path).catch(() => null);
    if (info?.isFile() && now - info.mtimeMs > ABANDONED_AFTER_MS) {
      await rm(path, { force: true });
      removed++;
    }
  }
  return removed;
}
