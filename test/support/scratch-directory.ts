import { after, before } from 'node:test';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A temporary directory for the enclosing suite (made before its tests, removed after them), and a
 * writer of files with names of their own in it. Call inside `describe`.
 */
export function scratchDirectory(prefix: string) {
  let dir = '';
  let count = 0;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), prefix));
  });
  after(() => rm(dir, { recursive: true, force: true }));
  return {
    path: (name: string) => join(dir, name),
    async write(bytes: Buffer | string, name = 'file') {
      const path = join(dir, `${count++}-${name}`);
      await writeFile(path, bytes);
      return path;
    },
  };
}
