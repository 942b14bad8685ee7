import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { BlobNotFoundError, BlobTooLargeError, type BlobStore } from '../../ports/blob-store.ts';

// The contract both blob stores pass (local disk, Google Cloud Storage against a local fake).

export function blobStoreContract(name: string, open: () => Promise<{ store: BlobStore; close(): Promise<void> }>) {
  describe(`blob store contract: ${name}`, () => {
    let store: BlobStore;
    let close: () => Promise<void>;
    let dir: string;
    before(async () => {
      ({ store, close } = await open());
      dir = await mkdtemp(join(tmpdir(), 'lcs-blob-contract-'));
    });
    after(async () => {
      await close();
      await rm(dir, { recursive: true, force: true });
    });

    test('put streams and hashes; get, download and stat return it', async () => {
      const bytes = Buffer.from('hello blob store '.repeat(1000));
      const stored = await store.put('uploads/org/a1', Readable.from([bytes.subarray(0, 5000), bytes.subarray(5000)]), { contentType: 'text/plain' });
      assert.equal(stored.sha256, createHash('sha256').update(bytes).digest('hex'));
      assert.equal(stored.size, bytes.length);
      assert.deepEqual(await store.get('uploads/org/a1'), bytes);
      await store.download('uploads/org/a1', join(dir, 'copy'));
      assert.deepEqual(await readFile(join(dir, 'copy')), bytes);
      const stat = await store.stat('uploads/org/a1');
      assert.equal(stat?.size, bytes.length);
      assert.equal(stat?.contentType, 'text/plain');
    });

    test('a body over the limit is refused and nothing is kept', async () => {
      await assert.rejects(store.put('uploads/org/big', Buffer.alloc(2000), { maxBytes: 1000 }), BlobTooLargeError);
      assert.equal(await store.stat('uploads/org/big'), null);
    });

    test('missing blobs: get throws BlobNotFoundError, stat is null, delete is fine', async () => {
      await assert.rejects(store.get('uploads/org/none'), BlobNotFoundError);
      assert.equal(await store.stat('uploads/org/none'), null);
      await store.delete('uploads/org/none');
    });

    test('delete removes a blob', async () => {
      await store.put('content/org/x.json', Buffer.from('{}'));
      await store.delete('content/org/x.json');
      assert.equal(await store.stat('content/org/x.json'), null);
    });

    test('an upload URL is issued', async () => {
      const url = await store.createUploadUrl({
        key: 'uploads/org/u1',
        contentType: 'application/pdf',
        expiresAt: new Date(Date.now() + 60_000),
        maxBytes: 1000,
      });
      assert.match(url, /^https?:\/\//);
    });
  });
}
