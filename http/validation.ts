import type { z } from 'zod';
import { HttpError } from './http-error.ts';

/** A 400 whose message names the offending field, e.g. "numberOfQuestions must be an integer from 1 to 50". */
export function parseOr400<T extends z.ZodType>(schema: T, value: unknown, prefix = ''): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw new HttpError(400, 'invalid request');
  // A path segment can be a client's key of any length: name it, but never echo a megabyte back.
  const field = [prefix, ...issue.path.map((segment) => (String(segment).length > 40 ? `${String(segment).slice(0, 40)}…` : String(segment)))]
    .filter(Boolean)
    .join('.');
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((key) => (field ? `${field}.${key}` : key));
    throw new HttpError(400, `unknown field${keys.length > 1 ? 's' : ''}: ${keys.join(', ')}`);
  }
  const message = field && !issue.message.startsWith(field) ? `${field}: ${issue.message}` : issue.message;
  throw new HttpError(400, message);
}
