import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A secret kept under the data directory: read if present, otherwise generated once and stored
 * (mode 0600). `created` tells the caller to show it, which happens only that first time.
 */
export async function persistentSecret(dataDir: string, name: string, make: () => string = () => randomBytes(32).toString('base64url')) {
  const path = join(dataDir, name);
  try {
    return { value: (await readFile(path, 'utf8')).trim(), created: false, path };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const value = make();
  await writeFile(path, value + '\n', { mode: 0o600, flag: 'wx' });
  return { value, created: true, path };
}
