import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import type { IdempotencySession } from './idempotency.ts';
import type { Caller, Reply } from './reply.ts';

// Every route is declared once with its schemas: the app serves it and the OpenAPI document is
// generated from the same declarations, so the description covers exactly the routes that exist.

export type Auth = 'apiKey' | 'adminKey' | 'none' | 'signedUrl';

export type RouteContext = {
  correlationId: string;
  caller: Caller | null;
  now: () => string;
  /** Set for routes that check their Idempotency-Key themselves (`idempotency: 'manual'`). */
  idempotency: IdempotencySession | null;
  /** The id of a resource this request creates: derived from the Idempotency-Key when one is sent (`derived`), random otherwise. */
  newId(): { id: string; derived: boolean };
  /**
   * The request's events are stored: from here on, whatever fails, the request answers `reply`
   * (and an Idempotency-Key replays it), never an error that would invite a duplicating retry.
   */
  written(reply: Reply): void;
};

export type RouteDefinition = {
  method: 'get' | 'post' | 'put' | 'delete';
  /** Express path syntax (`/v1/sources/:sourceId`); OpenAPI gets `{sourceId}`. */
  path: string;
  summary: string;
  tag: string;
  auth: Auth;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** JSON body schema; for other bodies describe them in `requestContent`. */
  body?: z.ZodType;
  requestContent?: Record<string, { schema: Record<string, unknown> }>;
  responses: Record<number, { description: string; schema?: z.ZodType }>;
  /**
   * POST routes honour Idempotency-Key with a fingerprint of path and body; a route whose request is
   * only known once it has been read (multipart) takes the session and calls `begin` itself.
   */
  idempotency?: 'manual';
  /** `query` is the parsed query string, validated by `query` when the route declares it. */
  handle(
    input: { params: Record<string, string>; query: Record<string, unknown>; body: unknown; req: IncomingMessage; res: ServerResponse },
    context: RouteContext,
  ): Promise<Reply>;
};

export const defineRoute = (route: RouteDefinition): RouteDefinition => route;
