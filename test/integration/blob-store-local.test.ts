import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalDiskBlobStore } from '../../infrastructure/blob-store/local-disk.ts';
import { blobStoreContract } from './blob-store.contract.ts';

blobStoreContract('local disk', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'lcs-blobs-'));
  return {
    store: createLocalDiskBlobStore({ dir, publicBaseUrl: 'http://127.0.0.1:3000', signingSecret: 's'.repeat(40) }),
    close: () => rm(dir, { recursive: true, force: true }),
  };
});
