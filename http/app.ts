import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import express, { type ErrorRequestHandler, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { Logger } from 'pino';
import type { RequestMetrics } from '../ports/metrics.ts';
import { ConflictError, DomainError, ForbiddenError, InvalidRequestError, NotFoundError, TooManyRequestsError } from '../domain/errors.ts';
import { BlobTooLargeError } from '../ports/blob-store.ts';
import { InvalidCursorError } from '../projections/list-cursor.ts';
import { authenticate, type KeyLookup } from './auth.ts';
import { fingerprintOf, idempotencySession } from './idempotency.ts';
import type { RequestStateStores } from '../ports/request-state.ts';
import { HttpError } from './http-error.ts';
import type { Reply } from './reply.ts';
import type { RouteContext, RouteDefinition } from './route.ts';
import type { IdempotencySession } from './idempotency.ts';
import { assertAcceptableJson } from './json-guard.ts';
import { parseOr400 } from './validation.ts';

export type AppOptions = {
  routes: RouteDefinition[];
  adminKey: string;
  lookupKey: KeyLookup;
  logger: Logger;
  clock: () => Date;
  metrics?: RequestMetrics;
  requestState: RequestStateStores;
  limits: { requestsPerMinute: number; idempotencyTtlMs: number; failedAuthPerMinute: number };
};

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

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

export function createApp(options: AppOptions): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', false);
  app.set('query parser', 'simple');

  app.use((req, res, next) => {
    const given = req.header('x-request-id');
    const requestId = given && REQUEST_ID.test(given) ? given : randomUUID();
    res.locals['requestId'] = requestId;
    res.setHeader('x-request-id', requestId);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      const labels = { method: req.method, route: String(res.locals['route'] ?? 'unmatched'), status: String(res.statusCode) };
      options.metrics?.httpRequests.inc(labels);
      options.metrics?.httpDuration.observe(labels, durationMs / 1000);
      options.logger.info(
        {
          requestId,
          method: req.method,
          route: res.locals['route'] ?? null,
          path: req.path,
          status: res.statusCode,
          durationMs: Math.round(durationMs * 10) / 10,
        },
        'request',
      );
    });
    next();
  });

  const { metrics } = options;
  if (metrics) {
    app.get('/metrics', async (_req, res, next) => {
      try {
        res.setHeader('content-type', metrics.registry.contentType);
        res.send(await metrics.registry.metrics());
      } catch (error) {
        next(error);
      }
    });
  }

  serveConsole(app);

  const json = express.json({ limit: '1mb', type: () => true, verify: (_req, _res, body) => assertAcceptableJson(body, 'the request body') });
  for (const route of options.routes) {
    const handlers: RequestHandler[] = [];
    if (route.body) handlers.push(jsonBodyWhenPresent(json));
    handlers.push(routeHandler(route, options));
    app[route.method](route.path, ...handlers);
  }

  app.use((req, res) => {
    res.status(404).json({ error: `no route for ${req.method} ${req.path}` });
  });
  app.use(errorHandler(options.logger));
  return app;
}

/**
 * The web console (console/, plain ES modules, no build) at /console and the API reference (Swagger
 * UI from its npm package, on /v1/openapi.json) at /docs: static files, offline, scripts only from
 * this origin.
 */
function serveConsole(app: express.Express) {
  const consoleDir = join(import.meta.dirname, '..', 'console');
  const swaggerUi = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const policy: RequestHandler = (_req, res, next) => {
    res.setHeader(
      'Content-Security-Policy',
      "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
    );
    res.setHeader('X-Content-Type-Options', 'nosniff');
    next();
  };
  const files = { fallthrough: false, index: 'index.html', maxAge: '1h' };
  app.get('/', (_req, res) => res.redirect(302, '/console/'));
  app.use('/console', policy, express.static(consoleDir, { ...files, dotfiles: 'ignore' }));
  app.use('/docs/assets', policy, express.static(swaggerUi, files));
  app.use('/docs', policy, express.static(join(consoleDir, 'docs'), files));
}

/** Bodies are JSON whatever the Content-Type says; an empty body is an empty object (all fields have defaults or are required). */
const jsonBodyWhenPresent =
  (json: RequestHandler): RequestHandler =>
  (req, res, next) => {
    const length = req.header('content-length');
    const chunked = req.header('transfer-encoding');
    if ((length === undefined || length === '0') && !chunked) {
      req.body = {};
      next();
      return;
    }
    json(req, res, next);
  };

function routeHandler(route: RouteDefinition, options: AppOptions): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    res.locals['route'] = `${route.method.toUpperCase()} ${route.path}`;
    let session: IdempotencySession | null = null;
    let written: Reply | null = null;
    try {
      const caller = await authenticateThrottled(route.auth, req, options);
      if (caller) await enforceRateLimit(caller.organizationId, res, options);
      if (route.method === 'post' && (route.auth === 'apiKey' || route.auth === 'adminKey')) {
        const scope = caller ? `org:${caller.organizationId}` : 'admin';
        session = idempotencySession(options.requestState.idempotency, scope, req.header('idempotency-key'), options.limits.idempotencyTtlMs);
      }
      const params = (route.params ? parseOr400(route.params, req.params) : req.params) as Record<string, string>;
      const query = route.query ? parseOr400(route.query, req.query) : {};
      const body = route.body ? parseOr400(route.body, req.body ?? {}) : undefined;
      const manual = route.idempotency === 'manual';
      const derivedId = session?.resourceId;
      const context: RouteContext = {
        correlationId: String(res.locals['requestId']),
        caller,
        now: () => options.clock().toISOString(),
        idempotency: manual ? session : null,
        newId: () => (derivedId ? { id: derivedId, derived: true } : { id: randomUUID(), derived: false }),
        written: (reply) => {
          written = reply;
        },
      };
      const replay = session && !manual ? await session.begin(fingerprintOf(route.method, route.path, params, body ?? null)) : null;
      const reply = replay ?? (await route.handle({ params, query, body, req, res }, context));
      if (!replay) await session?.finish(reply);
      send(res, reply);
    } catch (error) {
      if (written === null) {
        await session?.abandon().catch(() => undefined);
        next(error);
        return;
      }
      // The events are stored: a failure after that (reading the read models, say) must not invite a
      // retry that would act twice, so the request answers what it wrote and its key remembers that.
      options.logger.warn({ requestId: res.locals['requestId'], err: error, path: req.path }, 'failed after the write was stored; answering with the write');
      await session?.finish(written).catch(() => undefined);
      send(res, written);
    }
  };
}

function send(res: Response, reply: Reply) {
  if (res.headersSent) return;
  for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value);
  // A file (an export) goes out as its bytes under the Content-Type its route set; the rest is JSON.
  if (typeof reply.body === 'string' || reply.body instanceof Uint8Array) res.status(reply.status).end(reply.body);
  else res.status(reply.status).json(reply.body);
}

/**
 * Failed authentication is throttled per client address: past `failedAuthPerMinute` failures in a
 * minute, an address gets 429 with Retry-After (whatever key it sends) until the minute is over, so
 * keys cannot be guessed at the speed of the server.
 */
async function authenticateThrottled(auth: RouteDefinition['auth'], req: Request, options: AppOptions) {
  if (auth !== 'apiKey' && auth !== 'adminKey') return authenticate(auth, req, options);
  const address = `authfail:${req.socket.remoteAddress ?? 'unknown'}`;
  const { failedAuthPerMinute } = options.limits;
  const failures = await options.requestState.rateLimits.peek(address, 60_000);
  if (failures.count >= failedAuthPerMinute) throw tooManyFailures(failures.resetMs);
  try {
    return await authenticate(auth, req, options);
  } catch (error) {
    // A missing header guesses nothing; a wrong key does.
    const presented = req.header(auth === 'apiKey' ? 'x-api-key' : 'admin-key') !== undefined;
    if (presented && error instanceof HttpError && error.status === 401) {
      const counted = await options.requestState.rateLimits.hit(address, 60_000);
      if (counted.count > failedAuthPerMinute) throw tooManyFailures(counted.resetMs);
    }
    throw error;
  }
}

const tooManyFailures = (resetMs: number) => {
  const seconds = String(Math.max(1, Math.ceil(resetMs / 1000)));
  return new HttpError(429, `too many failed authentications from this address; retry in ${seconds} s`, { 'Retry-After': seconds });
};

/** Fixed one-minute windows per organization; every authenticated answer carries RateLimit-* headers. */
async function enforceRateLimit(organizationId: string, res: Response, options: AppOptions) {
  const limit = options.limits.requestsPerMinute;
  const { count, resetMs } = await options.requestState.rateLimits.hit(`org:${organizationId}`, 60_000);
  const reset = String(Math.max(1, Math.ceil(resetMs / 1000)));
  res.setHeader('RateLimit-Limit', String(limit));
  res.setHeader('RateLimit-Remaining', String(Math.max(0, limit - count)));
  res.setHeader('RateLimit-Reset', reset);
  if (count > limit) throw new HttpError(429, `rate limit of ${limit} requests per minute exceeded; retry in ${reset} s`, { 'Retry-After': reset });
}

function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const requestId = String(res.locals['requestId'] ?? '');
    const { status, message, headers } = describeError(error);
    if (status >= 500) logger.error({ requestId, err: error, path: req.path }, 'request failed');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    res.status(status).json({ error: status >= 500 ? `internal error (request id ${requestId})` : message });
  };
}

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
