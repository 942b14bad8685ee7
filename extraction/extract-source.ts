import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BlobRef, SourceType } from '../domain/events.ts';
import type { ExtractedContent } from '../domain/learning-content.ts';
import type { BlobStore } from '../ports/blob-store.ts';
import { CaptionsUnavailableError, ExtractionError, type FileExtractor } from './extractor.ts';
import type { Transcriber } from './transcriber.ts';

// Chooses how a source's text is obtained from its type: parse the uploaded file, read the web page,
// fetch the video's captions, or transcribe audio and video.

export type SourceToIndex = { sourceType: SourceType; url?: string; fileName?: string; blob?: BlobRef };

export type SourceExtractionDependencies = {
  blobStore: BlobStore;
  fileExtractor: FileExtractor;
  readWebpage(url: string): Promise<ExtractedContent>;
  readYouTubeCaptions(url: string): Promise<ExtractedContent>;
  /** Gemini transcription; null when not configured. */
  transcriber: Transcriber | null;
};

export type SourceExtraction = ExtractedContent & { detectedType: string };

/** Thrown by the captions client when a video has none, so transcription can take over. */
export const isMissingCaptions = (error: unknown): boolean => error instanceof CaptionsUnavailableError;

export function createSourceExtraction(deps: SourceExtractionDependencies) {
  const withDownloadedBlob = async <T>(blob: BlobRef, fileName: string, task: (path: string) => Promise<T>): Promise<T> => {
    const dir = await mkdtemp(join(tmpdir(), 'lcs-index-'));
    try {
      const path = join(dir, 'source' + (fileName.match(/\.[A-Za-z0-9]{1,5}$/)?.[0] ?? ''));
      await deps.blobStore.download(blob.key, path);
      return await task(path);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };

  const needTranscriber = (what: string): Transcriber => {
    if (!deps.transcriber) {
      throw new ExtractionError(`${what} needs the Gemini transcriber, which is not configured (set GEMINI_API_KEY)`);
    }
    return deps.transcriber;
  };

  return async function extract(source: SourceToIndex): Promise<SourceExtraction> {
    switch (source.sourceType) {
      case 'file': {
        if (!source.blob) throw new ExtractionError('the source has no uploaded file');
        const fileName = source.fileName ?? 'upload';
        const result = await withDownloadedBlob(source.blob, fileName, (path) => deps.fileExtractor.extract({ path, fileName }));
        const { format, ...content } = result;
        return { ...content, detectedType: format };
      }
      case 'webpage':
        return { ...(await deps.readWebpage(requireUrl(source))), detectedType: 'html' };
      case 'youtube': {
        const url = requireUrl(source);
        try {
          return { ...(await deps.readYouTubeCaptions(url)), detectedType: 'youtube-captions' };
        } catch (error) {
          if (!isMissingCaptions(error) || !deps.transcriber) throw error;
          return { ...(await deps.transcriber.transcribeYouTube(url)), detectedType: 'youtube-transcription' };
        }
      }
      case 'lectureAudio':
      case 'lectureVideo': {
        const transcriber = needTranscriber(source.sourceType === 'lectureAudio' ? 'lecture audio' : 'lecture video');
        if (!source.blob) throw new ExtractionError('the source has no uploaded file');
        const mimeType = source.blob.contentType ?? (source.sourceType === 'lectureAudio' ? 'audio/mpeg' : 'video/mp4');
        const content = await withDownloadedBlob(source.blob, source.fileName ?? 'lecture', (path) => transcriber.transcribeFile(path, mimeType));
        return { ...content, detectedType: 'transcription' };
      }
    }
  };
}

const requireUrl = (source: SourceToIndex): string => {
  if (!source.url) throw new ExtractionError('the source has no URL');
  return source.url;
};
