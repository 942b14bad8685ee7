import { mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

// A machine where `npm install` was the whole set-up: PATH without the system tools the service
// uses when present (poppler, LibreOffice, ffmpeg). Everything else on PATH stays reachable.

const SYSTEM_TOOLS = new Set(['pdftotext', 'pdfinfo', 'pdftoppm', 'soffice', 'libreoffice', 'ffmpeg', 'ffprobe']);

/** Points PATH (which sandboxed parsers inherit) at links to everything but those tools; returns the undo. */
export async function withoutSystemTools(): Promise<() => void> {
  const saved = { PATH: process.env['PATH'], SOFFICE_PATH: process.env['SOFFICE_PATH'] };
  const dir = await mkdtemp(join(tmpdir(), 'lcs-bare-path-'));
  const linked = new Set<string>();
  for (const source of (saved.PATH ?? '').split(delimiter).filter(Boolean)) {
    const names = await readdir(source).catch(() => [] as string[]);
    for (const name of names) {
      if (SYSTEM_TOOLS.has(name) || linked.has(name)) continue;
      linked.add(name);
      await symlink(join(source, name), join(dir, name)).catch(() => undefined);
    }
  }
  process.env['PATH'] = dir;
  delete process.env['SOFFICE_PATH'];
  return () => {
    process.env['PATH'] = saved.PATH;
    if (saved.SOFFICE_PATH !== undefined) process.env['SOFFICE_PATH'] = saved.SOFFICE_PATH;
    void rm(dir, { recursive: true, force: true });
  };
}
