import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ExtractionError } from '../../workers/indexing/extractor.ts';
import { runTool, ToolMissingError } from '../../workers/indexing/run-tool.ts';

// Prepares a recording for transcription. With ffmpeg installed the audio track alone is kept, as
// mono 16 kHz Opus (a small fraction of a video's size and all the model needs), cut into pieces of
// `pieceSeconds`, so a long lecture is transcribed piece by piece: each answer stays well inside the
// model's output limit, and timestamps are anchored at each piece's known start. Without ffmpeg the
// file is sent as it is.

export type AudioPiece = { path: string; mimeType: string; offsetSeconds: number };

export type AudioOptions = { pieceSeconds: number; timeoutMs: number };

export async function audioPieces(path: string, mimeType: string, workDir: string, options: AudioOptions): Promise<AudioPiece[]> {
  const list = join(workDir, 'pieces.csv');
  let result;
  try {
    result = await runTool(
      'ffmpeg',
      ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', '-i', path, '-vn', '-ac', '1', '-ar', '16000', '-c:a', 'libopus', '-b:a', '24k',
        '-f', 'segment', '-segment_time', String(options.pieceSeconds), '-segment_list', list, '-segment_list_type', 'csv', join(workDir, 'piece%04d.ogg')],
      { timeoutMs: options.timeoutMs },
    );
  } catch (error) {
    if (error instanceof ToolMissingError) return [{ path, mimeType, offsetSeconds: 0 }];
    throw new ExtractionError(`the recording could not be converted: ${(error as Error).message}`);
  }
  if (result.code !== 0) throw new ExtractionError(`the recording has no readable audio track (${result.stderr.trim().split('\n').at(-1)?.slice(0, 200) ?? 'ffmpeg failed'})`);
  // Each line of the segment list: file name, start and end in seconds.
  const pieces = (await readFile(list, 'utf8'))
    .split('\n')
    .map((line) => line.trim().split(','))
    .filter((fields) => fields.length >= 2 && fields[0])
    .map(([name, start]) => ({ path: join(workDir, name as string), mimeType: 'audio/ogg', offsetSeconds: Number(start) || 0 }));
  if (pieces.length === 0) throw new ExtractionError('the recording has no audio');
  return pieces;
}
