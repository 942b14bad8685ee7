import { ApiError } from '@google/genai';
import { z } from 'zod';

// Turns whatever the SDK throws into a reason an API client can read and a verdict on whether trying
// again later may help. The API key is scrubbed from every reason, and no raw error is kept as a
// cause, so the key cannot leak through a log line that prints the error with its cause chain.

/** A failed Gemini call: `retryable` marks rate limits, server errors, timeouts and network trouble. */
export class GeminiError extends Error {
  readonly retryable: boolean;
  /** How long the API asked us to wait (Retry-After or RetryInfo), when it said. */
  readonly retryAfterMs: number | undefined;
  constructor(message: string, options: { retryable: boolean; retryAfterMs?: number | undefined }) {
    super(message);
    this.name = 'GeminiError';
    this.retryable = options.retryable;
    this.retryAfterMs = options.retryAfterMs;
  }
}

const MESSAGE_CHARS = 300;

// The body Google APIs send with an error status (google.rpc.Status).
const GoogleErrorBody = z.object({
  error: z.object({
    code: z.number().optional(),
    message: z.string().optional(),
    status: z.string().optional(),
    details: z.array(z.looseObject({ '@type': z.string().optional(), reason: z.string().optional(), retryDelay: z.string().optional() })).optional(),
  }),
});
type GoogleError = z.infer<typeof GoogleErrorBody>['error'];

const scrubKey = (text: string, apiKey: string): string => (apiKey ? text.split(apiKey).join('[redacted]') : text);

/** The SDK puts the response body in the message; a body that is not Google's JSON error has no details to read. */
function googleErrorOf(error: ApiError): GoogleError | undefined {
  try {
    return GoogleErrorBody.parse(JSON.parse(error.message)).error;
  } catch {
    return undefined;
  }
}

/** "37s" or "1.5s" (a protobuf Duration in JSON) in milliseconds. */
function durationMs(text: string | undefined): number | undefined {
  const match = /^(\d+(?:\.\d+)?)s$/.exec(text ?? '');
  return match ? Math.round(Number(match[1]) * 1000) : undefined;
}

/** A Retry-After header: delay seconds or an HTTP date. */
function retryAfterMs(header: string | null | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export type FailureContext = { apiKey: string; model: string; timeoutMs: number; retryAfterHeader?: string | null | undefined };

export function describeFailure(error: unknown, context: FailureContext): GeminiError {
  if (error instanceof GeminiError) return error;
  const clean = (text: string) => scrubKey(text, context.apiKey).replace(/\s+/g, ' ').trim().slice(0, MESSAGE_CHARS);

  if (error instanceof ApiError) {
    const status = error.status;
    const google = googleErrorOf(error);
    const said = clean(google?.message ?? '');
    const label = `${status}${google?.status ? ` ${google.status}` : ''}`;
    const detail = said ? `: ${said}` : '';
    const retryInfo = google?.details?.find((item) => item['@type']?.endsWith('google.rpc.RetryInfo'));
    const waitMs = retryAfterMs(context.retryAfterHeader) ?? durationMs(retryInfo?.retryDelay);
    if (status === 429)
      return new GeminiError(`the Gemini API rate limit or quota was exhausted (${label})${detail}`, { retryable: true, retryAfterMs: waitMs });
    if (status === 408) return new GeminiError(`the Gemini API timed out (${label})${detail}`, { retryable: true, retryAfterMs: waitMs });
    if (status >= 500) return new GeminiError(`the Gemini API failed (${label})${detail}`, { retryable: true, retryAfterMs: waitMs });
    if (google?.details?.some((item) => item.reason === 'API_KEY_INVALID')) {
      return new GeminiError(`the configured Gemini API key is not valid (${label})`, { retryable: false });
    }
    if (status === 401 || status === 403) return new GeminiError(`the Gemini API refused access (${label})${detail}`, { retryable: false });
    if (status === 404)
      return new GeminiError(`the Gemini model "${context.model}" or a file it needs was not found (${label})${detail}`, { retryable: false });
    return new GeminiError(`the Gemini API rejected the request (${label})${detail}`, { retryable: false });
  }

  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'AbortError' || name === 'TimeoutError') {
    return new GeminiError(`the Gemini API did not answer within ${context.timeoutMs} ms`, { retryable: true });
  }
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return new GeminiError(`the Gemini API could not be reached (${clean(typeof code === 'string' ? `${message}: ${code}` : message)})`, { retryable: true });
}
