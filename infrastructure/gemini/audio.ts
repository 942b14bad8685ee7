import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runTool } from '../../extraction/run-tool.ts';
import { ffmpegCommand } from '../../extraction/tool-path.ts';

// Prepares a recording for transcription. With ffmpeg (from PATH, or the build an npm package ships)
// the audio track alone is kept, as mono 16 kHz Opus (a small fraction of a video's size and all the
// model needs), cut into pieces of `pieceSeconds`, so a long lecture is transcribed piece by piece:
// each answer stays well inside the model's output limit, and timestamps are anchored at each
// piece's known start.

export type AudioPiece = { path: string; mimeType: string; offsetSeconds: number };

export type AudioOptions = { pieceSeconds: number; timeoutMs: number };

export async function audioPieces(path: string, mimeType: string, workDir: string, options: AudioOptions): Promise<AudioPiece[]> {
  const asItIs = [{ path, mimeType, offsetSeconds: 0 }];
  const list = join(workDir, 'pieces.csv');
  let result;
  try {
    result = await runTool(
      ffmpegCommand(),
      [
        '-nostdin',
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-i',
        path,
        '-vn',
        '-ac',
        '1',
        '-ar',
        '16000',
        '-c:a',
        'libopus',
        '-b:a',
        '24k',
        '-f',
        'segment',
        '-segment_time',
        String(options.pieceSeconds),
        '-segment_list',
        list,
        '-segment_list_type',
        'csv',
        join(workDir, 'piece%04d.ogg'),
      ],
      { timeoutMs: options.timeoutMs },
    );
  } catch {
    // Not installed, or too slow: Gemini takes the original file as well, only larger.
    return asItIs;
  }
  // ffmpeg cannot read it (an unusual codec, say); Gemini may still, and says so if not.
  if (result.code !== 0) return asItIs;
  // Each line of the segment list: file name, start and end in seconds.
  const pieces = (await readFile(list, 'utf8'))
    .split('\n')
    .map((line) => line.trim().split(','))
    .filter((fields) => fields.length >= 2 && fields[0])
    .map(([name, start]) => ({ path: join(workDir, name as string), mimeType: 'audio/ogg', offsetSeconds: Number(start) || 0 }));
  return pieces.length > 0 ? pieces : asItIs;
}
