import type { ExtractedContent } from '../../domain/learning-content.ts';

/**
 * Parses one file format into text with its structure. Runs inside the sandboxed child process,
 * so it may trust nothing about the bytes but may use memory and time up to the sandbox's caps.
 * Throws ExtractionError (../extractor.ts) with a message a client can act on.
 */
export type FormatParser = (path: string, context: { workDir: string; fileName?: string }) => Promise<ExtractedContent>;
