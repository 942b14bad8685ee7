import { setTimeout as sleep } from 'node:timers/promises';
import { ApiError, GoogleGenAI, type Part } from '@google/genai';
import { z } from 'zod';
import { GenerationError } from '../../workers/generation/generator.ts';

// One structured call to Gemini: JSON out, validated by zod, transient failures (429, 5xx, timeouts)
// retried with backoff here, everything else turned into a reason a client can read. The API key
// never appears in a message.

export type GeminiSettings = { apiKey: string; model: string; baseUrl?: string; timeoutMs: number };

export type Usage = { promptTokens: number; outputTokens: number; totalTokens: number };

export const emptyUsage = (): Usage => ({ promptTokens: 0, outputTokens: 0, totalTokens: 0 });
export const addUsage = (a: Usage, b: Usage): Usage => ({
  promptTokens: a.promptTokens + b.promptTokens,
  outputTokens: a.outputTokens + b.outputTokens,
  totalTokens: a.totalTokens + b.totalTokens,
});

const TRANSIENT_ATTEMPTS = 3;

export const createGenAI = (settings: GeminiSettings) =>
  new GoogleGenAI({
    apiKey: settings.apiKey,
    httpOptions: {
      timeout: settings.timeoutMs,
      retryOptions: { attempts: 1 },
      ...(settings.baseUrl ? { baseUrl: settings.baseUrl } : {}),
    },
  });

/** A JSON schema Gemini accepts, from a zod schema. */
export const responseSchemaOf = (schema: z.ZodType): Record<string, unknown> => {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'any' }) as Record<string, unknown>;
  delete json['$schema'];
  return json;
};

const scrub = (text: string, apiKey: string) => (apiKey ? text.split(apiKey).join('[key]') : text);

function classify(error: unknown, settings: GeminiSettings): GenerationError {
  if (error instanceof GenerationError) return error;
  if (error instanceof ApiError) {
    const status = error.status;
    if (status === 429) return new GenerationError('the Gemini API rate limit was reached; the generation will be retried', { retryable: true });
    if (status >= 500) return new GenerationError(`the Gemini API failed (${status}); the generation will be retried`, { retryable: true });
    if (status === 401 || status === 403) return new GenerationError('the Gemini API refused the configured API key');
    return new GenerationError(`the Gemini API rejected the request (${status}): ${scrub(error.message, settings.apiKey).slice(0, 200)}`);
  }
  const message = error instanceof Error ? error.message : String(error);
  if (/abort|timeout|timed out/i.test(message) || (error as { name?: string })?.name === 'AbortError') {
    return new GenerationError(`the Gemini API did not answer within ${settings.timeoutMs} ms`, { retryable: true });
  }
  return new GenerationError(`the Gemini API could not be reached: ${scrub(message, settings.apiKey).slice(0, 200)}`, { retryable: true });
}

export type JsonCall = { system: string; parts: Part[]; schema: z.ZodType };

/** Returns the model's parsed JSON (not yet validated against `schema`) and the tokens it cost. */
export async function callForJson(ai: GoogleGenAI, settings: GeminiSettings, call: JsonCall): Promise<{ json: unknown; usage: Usage; text: string }> {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await ai.models.generateContent({
        model: settings.model,
        contents: [{ role: 'user', parts: call.parts }],
        config: {
          systemInstruction: call.system,
          responseMimeType: 'application/json',
          responseJsonSchema: responseSchemaOf(call.schema),
          temperature: 0.4,
        },
      });
      const meta = response.usageMetadata;
      const usage = {
        promptTokens: meta?.promptTokenCount ?? 0,
        outputTokens: meta?.candidatesTokenCount ?? 0,
        totalTokens: meta?.totalTokenCount ?? (meta?.promptTokenCount ?? 0) + (meta?.candidatesTokenCount ?? 0),
      };
      const text = response.text ?? '';
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { json, usage, text };
    } catch (error) {
      const classified = classify(error, settings);
      if (!classified.retryable || attempt >= TRANSIENT_ATTEMPTS) throw classified;
      const retryAfter = Number((error as { headers?: Record<string, string> })?.headers?.['retry-after']);
      await sleep(Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(retryAfter, 30) * 1000 : 500 * 2 ** (attempt - 1));
    }
  }
}
