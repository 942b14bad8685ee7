import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { FileState, MediaResolution, type File as GeminiFile, type Part } from '@google/genai';
import { z } from 'zod';
import type { ExtractedContent } from '../../domain/learning-content.ts';
import { ExtractionError } from '../../extraction/extractor.ts';
import type { Transcriber } from '../../extraction/transcriber.ts';
import { cuesToContent, type Cue } from '../../extraction/youtube.ts';
import { audioPieces } from './audio.ts';
import { callGemini, createGenAI, type GeminiSettings } from './client.ts';
import { describeFailure, GeminiError } from './errors.ts';
import { geminiJsonSchema } from './json-schema.ts';
import { TRANSCRIBE_SYSTEM_INSTRUCTION, transcribeTask } from './prompts.ts';
import { askUntilValid, RepairExhausted, zodProblems, type Ask, type Judge } from './repair.ts';

// Speech to text with Gemini, for YouTube videos without captions (the public URL goes in as video
// input) and for uploaded lectures (through the Files API, reduced to audio pieces first when ffmpeg
// is installed). The model answers with timed segments in JSON, validated and repaired like
// generated content; the result is the same segment outline the captions path produces.

export type GeminiTranscriberSettings = GeminiSettings & {
  maxAttempts?: number;
  /** Length of the audio pieces a long recording is cut into (default 15 minutes). */
  pieceSeconds?: number;
  /** Bound on the ffmpeg conversion (default 10 minutes). */
  ffmpegTimeoutMs?: number;
  /** How long an uploaded file may stay PROCESSING at Gemini (default 5 minutes). */
  fileReadyTimeoutMs?: number;
};

const Transcript = z.object({
  title: z.string().describe('a short descriptive title of the recording'),
  segments: z.array(
    z.object({
      start: z.number().min(0).describe('seconds from the beginning of the recording'),
      end: z.number().min(0).describe('seconds from the beginning of the recording'),
      text: z.string(),
    }),
  ),
});

type Transcribed = { title: string; cues: Cue[] };

const transcriptJudge: Judge<Transcribed> = {
  judge(json) {
    const parsed = Transcript.safeParse(json);
    if (!parsed.success) return { problems: zodProblems(parsed.error) };
    const cues = parsed.data.segments
      .map((segment) => ({ start: segment.start, end: Math.max(segment.start, segment.end), text: segment.text.trim() }))
      .filter((cue) => cue.text !== '')
      .sort((a, b) => a.start - b.start);
    return { value: { title: parsed.data.title.trim(), cues } };
  },
  next: () => ({ ask: 'Answer again with the whole transcript in the JSON shape asked for.', schema: Transcript }),
};

const FIRST_POLL_MS = 100;
const LONGEST_POLL_MS = 5_000;

export function createGeminiTranscriber(settings: GeminiTranscriberSettings): Transcriber {
  const ai = createGenAI(settings);
  const maxAttempts = settings.maxAttempts ?? 3;
  const ask: Ask = (contents, schema) =>
    callGemini(ai, settings, {
      contents,
      systemInstruction: TRANSCRIBE_SYSTEM_INSTRUCTION,
      responseJsonSchema: geminiJsonSchema(schema),
      // Speech is what counts: low resolution cuts a video's tokens per second about threefold.
      config: { mediaResolution: MediaResolution.MEDIA_RESOLUTION_LOW },
    });

  const transcribe = (media: Part, what: string) =>
    askUntilValid(ask, { prompt: [media, { text: transcribeTask(what) }], schema: Transcript, maxAttempts, judge: transcriptJudge });

  const asExtractionError = (error: unknown): ExtractionError => {
    if (error instanceof ExtractionError) return error;
    if (error instanceof RepairExhausted) return new ExtractionError(`transcription failed: ${error.message}`);
    const failure = describeFailure(error, { apiKey: settings.apiKey, model: settings.model, timeoutMs: settings.timeoutMs });
    return new ExtractionError(`transcription failed: ${failure.message}`, { retryable: failure.retryable });
  };

  const toContent = (cues: Cue[], title: string): ExtractedContent => {
    if (cues.length === 0) throw new ExtractionError('no speech was found in the recording');
    return cuesToContent(cues, title);
  };

  /** Uploads through the Files API and waits until Gemini has processed the file. */
  async function upload(path: string, mimeType: string): Promise<GeminiFile & { name: string; uri: string }> {
    let file = await ai.files.upload({ file: path, config: { mimeType, displayName: basename(path) } });
    const deadline = Date.now() + (settings.fileReadyTimeoutMs ?? 300_000);
    for (let wait = FIRST_POLL_MS; file.state === FileState.PROCESSING && file.name; wait = Math.min(wait * 2, LONGEST_POLL_MS)) {
      if (Date.now() + wait > deadline) throw new GeminiError('Gemini did not finish processing the uploaded recording in time', { retryable: true });
      await sleep(wait);
      file = await ai.files.get({ name: file.name });
    }
    if (file.state === FileState.FAILED)
      throw new ExtractionError(`Gemini could not process the recording${file.error?.message ? `: ${file.error.message}` : ''}`);
    if (!file.name || !file.uri) throw new GeminiError('the Gemini Files API answered without a file name or URI', { retryable: true });
    return { ...file, name: file.name, uri: file.uri };
  }

  return {
    async transcribeYouTube(url) {
      try {
        const { title, cues } = await transcribe({ fileData: { fileUri: url, mimeType: 'video/*' } }, 'video');
        return toContent(cues, title || 'YouTube video');
      } catch (error) {
        throw asExtractionError(error);
      }
    },

    async transcribeFile(path, mimeType) {
      const workDir = await mkdtemp(join(tmpdir(), 'gemini-transcribe-'));
      try {
        const pieces = await audioPieces(path, mimeType, workDir, {
          pieceSeconds: settings.pieceSeconds ?? 900,
          timeoutMs: settings.ffmpegTimeoutMs ?? 600_000,
        });
        const cues: Cue[] = [];
        let title = '';
        for (const piece of pieces) {
          const file = await upload(piece.path, piece.mimeType);
          try {
            const part = await transcribe({ fileData: { fileUri: file.uri, mimeType: file.mimeType ?? piece.mimeType } }, 'recording');
            title ||= part.title;
            cues.push(...part.cues.map((cue) => ({ ...cue, start: cue.start + piece.offsetSeconds, end: cue.end + piece.offsetSeconds })));
          } finally {
            // Uploaded recordings would otherwise stay at Google for 48 hours; failing to delete one is not worth failing the job.
            await ai.files.delete({ name: file.name }).catch(() => undefined);
          }
        }
        return toContent(cues, title || 'Lecture recording');
      } catch (error) {
        throw asExtractionError(error);
      } finally {
        await rm(workDir, { recursive: true, force: true });
      }
    },
  };
}
