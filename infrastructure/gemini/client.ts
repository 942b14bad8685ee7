import { setTimeout as sleep } from 'node:timers/promises';
import { GoogleGenAI, type Content, type GenerateContentConfig, type GenerateContentResponse } from '@google/genai';
import { describeFailure, GeminiError } from './errors.ts';

// One generateContent call with JSON out. Transient failures (429, 5xx, timeouts, network) are retried
// here with exponential backoff, waiting as long as the API asks when it says (Retry-After header or
// RetryInfo in the error body) unless that is longer than we are willing to hold a job for. The SDK's
// own retries stay off so there is exactly one retry policy.

export type RetryPolicy = { attempts: number; baseDelayMs: number; maxDelayMs: number };

export type GeminiSettings = {
  apiKey: string;
  model: string;
  baseUrl?: string | undefined;
  /** Per HTTP attempt; the SDK aborts the request after it (Node's fetch itself waits at most 300 s for headers). */
  timeoutMs: number;
  /** Default v1beta: preview models, the Files API and every generation option are served there. */
  apiVersion?: string | undefined;
  /** Left unset, the model's default applies (Google advises against lowering it for Gemini 3). */
  temperature?: number | undefined;
  retry?: RetryPolicy | undefined;
};

const DEFAULT_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 1000, maxDelayMs: 30_000 };

export type Usage = { promptTokens: number; outputTokens: number; totalTokens: number };

/** Token usage summed over every call of one generation (chunks, repairs, retries that answered). */
export class UsageMeter {
  promptTokens = 0;
  outputTokens = 0;
  totalTokens = 0;
  add(usage: Usage): void {
    this.promptTokens += usage.promptTokens;
    this.outputTokens += usage.outputTokens;
    this.totalTokens += usage.totalTokens;
  }
  get total(): Usage {
    return { promptTokens: this.promptTokens, outputTokens: this.outputTokens, totalTokens: this.totalTokens };
  }
}

export type GeminiAnswer = { text: string; usage: Usage; finishReason: string | undefined };

export type GeminiCall = {
  contents: Content[];
  systemInstruction: string;
  /** A JSON schema in the subset Gemini accepts (see json-schema.ts). */
  responseJsonSchema: Record<string, unknown>;
  config?: Pick<GenerateContentConfig, 'mediaResolution'>;
};

export function createGenAI(settings: GeminiSettings): GoogleGenAI {
  return new GoogleGenAI({
    apiKey: settings.apiKey,
    httpOptions: { apiVersion: settings.apiVersion ?? 'v1beta', timeout: settings.timeoutMs, ...(settings.baseUrl ? { baseUrl: settings.baseUrl } : {}) },
  });
}

// Finish reasons after which asking again the same way will not help.
const REFUSALS = new Set(['SAFETY', 'PROHIBITED_CONTENT', 'BLOCKLIST', 'SPII', 'IMAGE_SAFETY']);

function answerOf(response: GenerateContentResponse): GeminiAnswer {
  const meta = response.usageMetadata;
  const promptTokens = meta?.promptTokenCount ?? 0;
  const outputTokens = meta?.candidatesTokenCount ?? 0;
  const usage = { promptTokens, outputTokens, totalTokens: meta?.totalTokenCount ?? promptTokens + outputTokens };
  const candidate = response.candidates?.[0];
  if (!candidate) {
    const blocked = response.promptFeedback?.blockReason;
    throw new GeminiError(`Gemini gave no answer${blocked ? ` (the request was blocked: ${blocked})` : ''}`, { retryable: !blocked });
  }
  const finishReason = candidate.finishReason;
  if (finishReason && REFUSALS.has(finishReason)) throw new GeminiError(`Gemini declined to answer (${finishReason})`, { retryable: false });
  // Thought summaries are not part of the answer.
  const text = (candidate.content?.parts ?? [])
    .filter((part) => typeof part.text === 'string' && !part.thought)
    .map((part) => part.text)
    .join('');
  return { text, usage, finishReason };
}

function backoffMs(attempt: number, policy: RetryPolicy): number {
  const exponential = policy.baseDelayMs * 2 ** (attempt - 1);
  return Math.min(policy.maxDelayMs, Math.round(exponential * (0.5 + Math.random() / 2)));
}

export async function callGemini(ai: GoogleGenAI, settings: GeminiSettings, call: GeminiCall): Promise<GeminiAnswer> {
  const policy = settings.retry ?? DEFAULT_RETRY;
  for (let attempt = 1; ; attempt++) {
    // ApiError keeps only the status and body, so the Retry-After header is read on its way through.
    let retryAfterHeader: string | null = null;
    const fetchNotingRetryAfter = async (...args: Parameters<typeof fetch>) => {
      const response = await fetch(...args);
      retryAfterHeader = response.headers.get('retry-after');
      return response;
    };
    try {
      const response = await ai.models.generateContent({
        model: settings.model,
        contents: call.contents,
        config: {
          ...call.config,
          systemInstruction: call.systemInstruction,
          responseMimeType: 'application/json',
          responseJsonSchema: call.responseJsonSchema,
          ...(settings.temperature === undefined ? {} : { temperature: settings.temperature }),
          httpOptions: { fetch: fetchNotingRetryAfter },
        },
      });
      return answerOf(response);
    } catch (error) {
      const failure = describeFailure(error, { apiKey: settings.apiKey, model: settings.model, timeoutMs: settings.timeoutMs, retryAfterHeader });
      if (!failure.retryable || attempt >= policy.attempts) throw failure;
      const waitMs = failure.retryAfterMs ?? backoffMs(attempt, policy);
      if (waitMs > policy.maxDelayMs) {
        throw new GeminiError(`${failure.message}; the API asked to wait ${Math.ceil(waitMs / 1000)} s`, { retryable: true, retryAfterMs: waitMs });
      }
      await sleep(waitMs);
    }
  }
}

// Why an answer ended early, told to the model when asking again.
const FINISH_NOTES: Record<string, string> = {
  MAX_TOKENS: 'the answer was cut off at the output limit: give fewer or shorter items',
  RECITATION: 'the answer was stopped for reciting the source at length: paraphrase, and keep quotes short',
};

/** The model's JSON answer, tolerating a Markdown fence around it. */
export function parseJsonAnswer(answer: GeminiAnswer): { ok: true; value: unknown } | { ok: false; problem: string } {
  const text = answer.text.trim().replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/, '$1');
  const reason = answer.finishReason;
  const note = reason && reason !== 'STOP' ? ` (${FINISH_NOTES[reason] ?? `it stopped early: ${reason}`})` : '';
  if (!text) return { ok: false, problem: `the answer was empty${note}` };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, problem: `the answer was not valid JSON (${(error as Error).message.slice(0, 120)})${note}` };
  }
}
