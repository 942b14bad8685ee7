import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';

// System tools are fast paths, never requirements: a tool on PATH is used when installed, and a copy
// shipped inside an npm package otherwise.

/** The absolute path of `command` on PATH, or null when no executable of that name is there. */
export function onPath(command: string, path = process.env['PATH'] ?? ''): string | null {
  for (const dir of path.split(delimiter).filter(Boolean)) {
    const candidate = join(dir, command);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/** ffmpeg from PATH, else the static build the @ffmpeg-installer package ships for this platform. */
export function ffmpegCommand(): string {
  const installed = onPath('ffmpeg');
  if (installed) return installed;
  try {
    return (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  } catch {
    // No build for this platform in the package: the caller's fallback (the original file) applies.
    return 'ffmpeg';
  }
}
