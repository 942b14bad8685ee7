import type { ExtractedContent } from '../domain/learning-content.ts';

// Extraction of text with its structure from a stored file. Parsers of untrusted bytes run in a child
// process with a memory cap and a timeout (sandbox.ts).

export const fileFormats = ['pdf', 'docx', 'doc', 'pptx', 'ppt', 'xlsx', 'xls', 'txt', 'csv', 'png', 'jpeg', 'epub', 'markdown', 'html', 'odt', 'odp'] as const;
export type FileFormat = (typeof fileFormats)[number];

/** A failure the client can act on; `retryable` is false for anything the same bytes will fail on again. */
export class ExtractionError extends Error {
  readonly retryable: boolean;
  constructor(message: string, options: { retryable?: boolean; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'ExtractionError';
    this.retryable = options.retryable ?? false;
  }
}

/**
 * The service could not get a video's captions itself (it has none, only ones that need a browser
 * token, or YouTube walls this server off for now): a transcriber that fetches the video by URL
 * from elsewhere can take over.
 */
export class CaptionsUnavailableError extends ExtractionError {
  constructor(message: string, options: { retryable?: boolean } = {}) {
    super(message, options);
    this.name = 'CaptionsUnavailableError';
  }
}

export type FileExtractionInput = { path: string; fileName?: string; declaredContentType?: string };

export type FileExtractionResult = ExtractedContent & { format: FileFormat };

export interface FileExtractor {
  extract(input: FileExtractionInput): Promise<FileExtractionResult>;
  close(): Promise<void>;
}
