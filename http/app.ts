import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { RequestMetrics } from '../ports/metrics.ts';
import type { RequestStateStores } from '../ports/request-state.ts';
import { authGate, type KeyLookup } from './auth.ts';
import { assertAcceptableJson } from './json-guard.ts';
import { sendJson } from './json-response.ts';
import { readRouter } from './read-routes.ts';
import { requestTracer, traceOf } from './request-trace.ts';
import type { RouteDefinition } from './route.ts';
import { answerError, prepareRoute, routeServer, type PreparedRoute, type ServeRoute } from './serve-route.ts';

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

/**
 * The service's HTTP handler: every request is traced (id, access log, metrics); GET and HEAD of
 * the declared routes are dispatched by the read router, everything else by express (request
 * bodies, the console's static files, 404s). Both serve a route through the same serveRoute.
 */
export function createApp(options: AppOptions): RequestListener {
  const { logger } = options;
  const startTrace = requestTracer({ logger, ...(options.metrics ? { metrics: options.metrics } : {}) });
  const serve = routeServer({
    gate: authGate({ adminKey: options.adminKey, lookupKey: options.lookupKey, rateLimits: options.requestState.rateLimits, limits: options.limits }),
    idempotency: options.requestState.idempotency,
    idempotencyTtlMs: options.limits.idempotencyTtlMs,
    logger,
    clock: options.clock,
  });
  const routes = options.routes.map(prepareRoute);
  const failed = (req: IncomingMessage, res: ServerResponse, error: unknown) => answerError(req, res, error, logger);
  const dispatchRead = readRouter(routes, serve, failed);
  const app = expressApp(routes, serve, options);
  return (req, res) => {
    const trace = startTrace(req, res);
    if (!dispatchRead(req, res, trace)) app(req, res);
  };
}

function expressApp(routes: PreparedRoute[], serve: ServeRoute, options: AppOptions): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', false);
  app.set('query parser', 'simple');

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
  for (const route of routes) {
    const handlers: RequestHandler[] = [];
    if (route.definition.body) handlers.push(jsonBodyWhenPresent(json));
    handlers.push((req, res) => serve(route, req, res, traceOf(res), { params: req.params, query: req.query, body: req.body }));
    app[route.definition.method](route.definition.path, ...handlers);
  }

  app.use((req, res) => {
    sendJson(req, res, 404, { error: `no route for ${req.method} ${req.path}` });
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

/** Errors before a route runs (a body that is not JSON, a static file's) answer as a route's errors do. */
const errorHandler =
  (logger: Logger): ErrorRequestHandler =>
  (error: unknown, req, res, _next) =>
    answerError(req, res, error, logger);
