import { FetchFailedError, FetchRefusedError } from '../infrastructure/web/safe-fetch.ts';
import { ExtractionError } from './extractor.ts';

export type WebOptions = { timeoutMs: number; maxBytes: number; allowLoopback: boolean };

/** Fetch failures become extraction failures a client can read; refusals never retry. */
export const asExtractionError = (error: unknown): unknown =>
  error instanceof FetchRefusedError
    ? new ExtractionError(`the URL was refused: ${error.message}`)
    : error instanceof FetchFailedError
      ? new ExtractionError(error.message, { retryable: error.retryable })
      : error;
