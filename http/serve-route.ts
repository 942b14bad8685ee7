import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { z } from 'zod';
import { ConflictError, DomainError, ForbiddenError, InvalidRequestError, NotFoundError, TooManyRequestsError } from '../domain/errors.ts';
import { BlobTooLargeError } from '../ports/blob-store.ts';
import type { IdempotencyStore } from '../ports/request-state.ts';
import { InvalidCursorError } from '../projections/list-cursor.ts';
import type { AuthGate } from './auth.ts';
import { HttpError } from './http-error.ts';
import { fingerprintOf, idempotencySession, type IdempotencySession } from './idempotency.ts';
import { sendJson } from './json-response.ts';
import type { Caller, Reply } from './reply.ts';
import { pathOf, traceOf, type RequestTrace } from './request-trace.ts';
import type { RouteContext, RouteDefinition } from './route.ts';
import { parseOr400 } from './validation.ts';

// One declared route served from Node's request and response, whoever dispatched it (express, or
// the read router for GET): authentication and limits, Idempotency-Key, validation, the handler,
// the answer, and every error as `{ error }`.

/** A declared route with what can be worked out once: its metric label, its parameter check, whether Idempotency-Key applies. */
export type PreparedRoute = {
  definition: RouteDefinition;
  label: string;
  params(matched: Record<string, unknown>): Record<string, string>;
  idempotent: boolean;
};

export function prepareRoute(definition: RouteDefinition): PreparedRoute {
  return {
    definition,
    label: `${definition.method.toUpperCase()} ${definition.path}`,
    params: paramsCheck(definition.params),
    idempotent: definition.method === 'post' && (definition.auth === 'apiKey' || definition.auth === 'adminKey'),
  };
}

/**
 * Route parameters are the non-empty strings the router matched. When a schema only bounds their
 * lengths, bounds are checked here and zod runs only to word the 400 of a parameter that breaks one.
 */
function paramsCheck(schema: z.ZodObject | undefined): PreparedRoute['params'] {
  if (!schema) return (matched) => matched as Record<string, string>;
  const bounds = Object.entries(schema.shape).map(([name, field]) =>
    field instanceof z.ZodString && field._zod.def.checks?.every((check) => ['min_length', 'max_length'].includes(check._zod.def.check))
      ? { name, min: field.minLength ?? 0, max: field.maxLength ?? Infinity }
      : null,
  );
  if (bounds.some((bound) => bound === null)) return (matched) => parseOr400(schema, matched) as Record<string, string>;
  const checked = bounds as { name: string; min: number; max: number }[];
  return (matched) => {
    for (const { name, min, max } of checked) {
      const value = matched[name];
      if (typeof value !== 'string' || value.length < min || value.length > max) return parseOr400(schema, matched) as Record<string, string>;
    }
    return matched as Record<string, string>;
  };
}

/** What a handler is told about its request; one object per request, without closures. */
class RequestContext implements RouteContext {
  readonly correlationId: string;
  caller: Caller | null = null;
  idempotency: IdempotencySession | null = null;
  derivedId: string | undefined = undefined;
  stored: Reply | null = null;
  private readonly clock: () => Date;
  constructor(correlationId: string, clock: () => Date) {
    this.correlationId = correlationId;
    this.clock = clock;
  }
  now() {
    return this.clock().toISOString();
  }
  newId() {
    return this.derivedId ? { id: this.derivedId, derived: true } : { id: randomUUID(), derived: false };
  }
  written(reply: Reply) {
    this.stored = reply;
  }
}

export type RouteServerOptions = { gate: AuthGate; idempotency: IdempotencyStore; idempotencyTtlMs: number; logger: Logger; clock: () => Date };

export type ServeRoute = (
  route: PreparedRoute,
  req: IncomingMessage,
  res: ServerResponse,
  trace: RequestTrace,
  input: { params: Record<string, unknown>; query: Record<string, unknown>; body: unknown },
) => Promise<void>;

export function routeServer(options: RouteServerOptions): ServeRoute {
  const { gate, logger } = options;
  return async (route, req, res, trace, input) => {
    const { definition } = route;
    trace.route = route.label;
    const context = new RequestContext(trace.requestId, options.clock);
    let session: IdempotencySession | null = null;
    try {
      if (definition.auth === 'apiKey') context.caller = await gate.apiKey(req, res);
      else if (definition.auth === 'adminKey') await gate.adminKey(req);
      if (route.idempotent) {
        const scope = context.caller ? `org:${context.caller.organizationId}` : 'admin';
        const header = req.headers['idempotency-key'];
        session = idempotencySession(options.idempotency, scope, typeof header === 'string' ? header : undefined, options.idempotencyTtlMs);
      }
      const params = route.params(input.params);
      const query = definition.query ? parseOr400(definition.query, input.query) : input.query;
      const body = definition.body ? parseOr400(definition.body, input.body ?? {}) : undefined;
      const manual = definition.idempotency === 'manual';
      context.idempotency = manual ? session : null;
      context.derivedId = session?.resourceId;
      const replay = session && !manual ? await session.begin(fingerprintOf(definition.method, definition.path, params, body ?? null)) : null;
      const reply = replay ?? (await definition.handle({ params, query, body, req, res }, context));
      if (!replay) await session?.finish(reply);
      send(req, res, reply);
    } catch (error) {
      const written = context.stored;
      if (written === null) {
        await session?.abandon().catch(() => undefined);
        answerError(req, res, error, logger);
        return;
      }
      // The events are stored: a failure after that (reading the read models, say) must not invite a
      // retry that would act twice, so the request answers what it wrote and its key remembers that.
      logger.warn({ requestId: trace.requestId, err: error, path: pathOf(req.url) }, 'failed after the write was stored; answering with the write');
      await session?.finish(written).catch(() => undefined);
      send(req, res, written);
    }
  };
}

function send(req: IncomingMessage, res: ServerResponse, reply: Reply) {
  if (res.headersSent) return;
  if (reply.headers) for (const name in reply.headers) res.setHeader(name, reply.headers[name] as string);
  // A file (an export) goes out as its bytes under the Content-Type its route set; the rest is JSON.
  if (typeof reply.body === 'string' || reply.body instanceof Uint8Array) {
    res.statusCode = reply.status;
    res.end(reply.body);
  } else sendJson(req, res, reply.status, reply.body);
}

/** `{ error }` with the status the error stands for; a 5xx says only the request id, and is logged. */
export function answerError(req: IncomingMessage, res: ServerResponse, error: unknown, logger: Logger): void {
  const { requestId } = traceOf(res);
  const { status, message, headers } = describeError(error);
  if (status >= 500) logger.error({ requestId, err: error, path: pathOf(req.url) }, 'request failed');
  if (res.headersSent) {
    res.destroy();
    return;
  }
  for (const name in headers) res.setHeader(name, headers[name] as string);
  sendJson(req, res, status, { error: status >= 500 ? `internal error (request id ${requestId})` : message });
}

const statusOfDomainError = (error: DomainError): number =>
  error instanceof NotFoundError
    ? 404
    : error instanceof ForbiddenError
      ? 403
      : error instanceof ConflictError
        ? 409
        : error instanceof InvalidRequestError
          ? 400
          : 422;

function describeError(error: unknown): { status: number; message: string; headers: Record<string, string> } {
  if (error instanceof HttpError) return { status: error.status, message: error.message, headers: error.headers };
  if (error instanceof TooManyRequestsError) return { status: 429, message: error.message, headers: { 'Retry-After': String(error.retryAfterSeconds) } };
  if (error instanceof DomainError) return { status: statusOfDomainError(error), message: error.message, headers: {} };
  if (error instanceof InvalidCursorError) return { status: 400, message: error.message, headers: {} };
  if (error instanceof BlobTooLargeError) return { status: 413, message: error.message, headers: {} };
  const bodyParserType = (error as { type?: unknown })?.type;
  if (bodyParserType === 'entity.parse.failed') return { status: 400, message: 'the request body is not valid JSON', headers: {} };
  if (bodyParserType === 'entity.too.large') return { status: 413, message: 'the request body is too large', headers: {} };
  if (bodyParserType === 'encoding.unsupported' || bodyParserType === 'charset.unsupported') {
    return { status: 415, message: 'unsupported request body encoding', headers: {} };
  }
  const status = (error as { status?: unknown })?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) return { status, message: 'invalid request', headers: {} };
  return { status: 500, message: 'internal error', headers: {} };
}
