import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { IdempotencySession } from './idempotency.ts';

// Every route is declared once with its schemas: express serves it and the OpenAPI document is
// generated from the same declarations, so the description covers exactly the routes that exist.

export type Auth = 'apiKey' | 'adminKey' | 'none' | 'signedUrl';

/** Who is calling, set by authentication. */
export type Caller = { organizationId: string; keyId: string };

export type RouteContext = {
  correlationId: string;
  caller: Caller | null;
  now: () => string;
  /** Set for routes that check their Idempotency-Key themselves (`idempotency: 'manual'`). */
  idempotency: IdempotencySession | null;
};

export type Reply = { status: number; body: unknown; headers?: Record<string, string> };

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
  handle(input: { params: Record<string, string>; query: Record<string, unknown>; body: unknown; req: Request; res: Response }, context: RouteContext): Promise<Reply>;
};

export const defineRoute = (route: RouteDefinition): RouteDefinition => route;
