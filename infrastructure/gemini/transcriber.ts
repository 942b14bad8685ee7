import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import type { ExtractedContent } from '../../domain/learning-content.ts';
import { ExtractionError } from '../../workers/indexing/extractor.ts';
import type { Transcriber } from '../../workers/indexing/transcriber.ts';
import { runTool, ToolMissingError } from '../../workers/indexing/run-tool.ts';
import { cuesToContent } from '../../workers/indexing/youtube.ts';
import { GenerationError } from '../../workers/generation/generator.ts';
import { callForJson, createGenAI, type GeminiSettings } from './client.ts';

// Speech to text with Gemini: a public YouTube URL goes in as video input; an uploaded lecture goes
// through the Files API, video reduced to its audio track first when ffmpeg is installed.

const Transcript = z.object({
  title: z.string().min(1),
  segments: z.array(z.object({ start: z.number().nonnegative(), end: z.number().nonnegative(), text: z.string().min(1) })).min(1),
});

const SYSTEM = 'You transcribe speech verbatim. Answer only with JSON matching the schema: a short title for the recording and the transcript in segments of about 30 seconds with start and end times in seconds.';

const FILE_READY_TIMEOUT_MS = 120_000;

export function createGeminiTranscriber(settings: GeminiSettings): Transcriber {
  const ai = createGenAI(settings);

  const transcribe = async (parts: Parameters<typeof callForJson>[2]['parts']): Promise<ExtractedContent> => {
    let answer;
    try {
      answer = await callForJson(ai, settings, { system: SYSTEM, parts, schema: Transcript });
    } catch (error) {
      if (error instanceof GenerationError) throw new ExtractionError(`transcription failed: ${error.message}`, { retryable: error.retryable });
      throw error;
    }
    const parsed = Transcript.safeParse(answer.json);
    if (!parsed.success) throw new ExtractionError('transcription failed: the model did not return a transcript', { retryable: true });
    return cuesToContent(parsed.data.segments, parsed.data.title);
  };

  return {
    transcribeYouTube: (url) => transcribe([{ fileData: { fileUri: url, mimeType: 'video/*' } }, { text: 'Transcribe this video.' }]),

    async transcribeFile(path, mimeType) {
      const dir = await mkdtemp(join(tmpdir(), 'lcs-transcribe-'));
      try {
        let upload = { path, mimeType };
        if (mimeType.startsWith('video/')) upload = (await audioTrack(path, dir)) ?? upload;
        let file = await ai.files.upload({ file: upload.path, config: { mimeType: upload.mimeType } });
        const deadline = Date.now() + FILE_READY_TIMEOUT_MS;
        while (file.state === 'PROCESSING' && file.name && Date.now() < deadline) {
          await sleep(1000);
          file = await ai.files.get({ name: file.name });
        }
        if (file.state === 'FAILED' || !file.uri) throw new ExtractionError('transcription failed: the recording could not be processed by Gemini');
        return await transcribe([{ fileData: { fileUri: file.uri, mimeType: file.mimeType ?? upload.mimeType } }, { text: 'Transcribe this recording.' }]);
      } catch (error) {
        if (error instanceof ExtractionError) throw error;
        throw new ExtractionError(`transcription failed: the recording could not be uploaded (${(error as Error).message.split(settings.apiKey).join('[key]').slice(0, 120)})`, {
          retryable: true,
        });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Mono 16 kHz Opus: a fraction of the video's size, all the model needs. Null without ffmpeg. */
async function audioTrack(path: string, dir: string): Promise<{ path: string; mimeType: string } | null> {
  const output = join(dir, 'audio.ogg');
  try {
    const result = await runTool('ffmpeg', ['-nostdin', '-y', '-i', path, '-vn', '-ac', '1', '-ar', '16000', '-c:a', 'libopus', output], { timeoutMs: 300_000 });
    if (result.code !== 0) throw new ExtractionError('the lecture video has no readable audio track');
    return { path: output, mimeType: 'audio/ogg' };
  } catch (error) {
    if (error instanceof ToolMissingError) return null;
    throw error;
  }
}
