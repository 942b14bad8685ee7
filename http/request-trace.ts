import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { RequestMetrics } from '../ports/metrics.ts';

// Every request gets an id (the client's x-request-id when it is a plausible one, echoed back), and
// when its answer has gone out, one access-log line and its metrics. This runs on every request, so
// what can be prepared once is: one listener for all responses, and each label set's metric series.

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;
const TRACE = Symbol('request trace');

export type RequestTrace = {
  readonly requestId: string;
  readonly started: number;
  /** The matched route (`GET /v1/sources/:sourceId`); null until one matches. */
  route: string | null;
};

type TracedResponse = ServerResponse & { req: IncomingMessage; [TRACE]?: RequestTrace };

/** The trace of a request `startTrace` has seen. */
export const traceOf = (res: ServerResponse): RequestTrace => (res as TracedResponse)[TRACE] as RequestTrace;

/** The path of a request target, without its query. */
export const pathOf = (url: string | undefined = '/'): string => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

export function requestTracer(options: { logger: Logger; metrics?: RequestMetrics }) {
  const { metrics } = options;
  // The access line holds no field a key could be in (the path goes without its query, where signed
  // upload URLs carry their signature), so it skips the redaction pass other lines get (~3 µs a line).
  const accessLog = options.logger.child({}, { redact: [] });
  // route → method → status → series
  const series = new Map<string, Map<string, Map<number, (seconds: number) => void>>>();
  const seriesOf = (method: string, route: string, status: number) => {
    let byMethod = series.get(route);
    if (!byMethod) series.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let record = byStatus.get(status);
    if (!record && metrics) byStatus.set(status, (record = metrics.series({ method, route, status: String(status) })));
    return record;
  };

  function finished(this: TracedResponse) {
    const trace = this[TRACE] as RequestTrace;
    const { method = 'GET', url } = this.req;
    const durationMs = performance.now() - trace.started;
    seriesOf(method, trace.route ?? 'unmatched', this.statusCode)?.(durationMs / 1000);
    accessLog.info(
      { requestId: trace.requestId, method, route: trace.route, path: pathOf(url), status: this.statusCode, durationMs: Math.round(durationMs * 10) / 10 },
      'request',
    );
  }

  /** Names the request, answers its id, and records it when its answer is finished. */
  return function startTrace(req: IncomingMessage, res: ServerResponse): RequestTrace {
    const given = req.headers['x-request-id'];
    const requestId = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    const trace: RequestTrace = { requestId, started: performance.now(), route: null };
    (res as TracedResponse)[TRACE] = trace;
    res.setHeader('x-request-id', requestId);
    res.once('finish', finished);
    return trace;
  };
}
