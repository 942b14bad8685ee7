import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import { match, type MatchFunction } from 'path-to-regexp';
import type { RequestTrace } from './request-trace.ts';
import type { PreparedRoute, ServeRoute } from './serve-route.ts';

// GET and HEAD requests to the declared routes skip express's router, whose walk through the app's
// layers was a fifth of a read's time; they are served by the same serveRoute as every other route.
// Paths match exactly as express 5 matches them (path-to-regexp, case-insensitive, an optional
// trailing slash, parameters percent-decoded) and the query is parsed as its "simple" parser does.
// Whatever this router does not take (other methods, other paths, a target express would read with
// its URL parser or whose escapes do not decode) goes on to express, which answers as it always has.

const TRAILING_SLASH = /\/+$/;

/** Decodes a parameter as express does; its "Failed to decode param" error makes this router leave the request to express. */
const decodeParam = (value: string) => (value.indexOf('%') === -1 ? value : decodeURIComponent(value));

/** `failed` answers what escapes `serve`, as express's error handler does for the routes it dispatches. */
export function readRouter(routes: PreparedRoute[], serve: ServeRoute, failed: (req: IncomingMessage, res: ServerResponse, error: unknown) => void) {
  const matchers: { route: PreparedRoute; match: MatchFunction<Record<string, string | string[]>> }[] = routes
    .filter((route) => route.definition.method === 'get')
    .map((route) => ({
      route,
      match: match(route.definition.path.replace(TRAILING_SLASH, ''), { decode: decodeParam, end: true, sensitive: false, trailing: true }),
    }));

  /** Serves the request and returns true, or returns false for express to take it. */
  return function dispatchRead(req: IncomingMessage, res: ServerResponse, trace: RequestTrace): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '';
    // A target that is not a plain path with an optional query (express's URL parser reads those in its own way).
    if (url.charCodeAt(0) !== 0x2f || url.includes('#')) return false;
    const queryStart = url.indexOf('?');
    const path = queryStart === -1 ? url : url.slice(0, queryStart);
    for (const { route, match: matches } of matchers) {
      let found: ReturnType<typeof matches>;
      try {
        found = matches(path);
      } catch {
        return false;
      }
      if (!found) continue;
      const query = parseQuery(queryStart === -1 ? '' : url.slice(queryStart + 1));
      serve(route, req, res, trace, { params: found.params, query, body: undefined }).catch((error: unknown) => failed(req, res, error));
      return true;
    }
    return false;
  };
}
