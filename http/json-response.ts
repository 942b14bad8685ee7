import { hash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

// A JSON answer written straight to Node's response, exactly as express 5's res.json wrote it
// (Content-Type with charset, Content-Length, a weak ETag, 304 to a matching If-None-Match, no body
// to HEAD), so that requests served without express's router answer the same bytes.

const NO_CACHE = /(?:^|,)\s*?no-cache\s*?(?:,|$)/;

/** The weak ETag express generates: length and SHA-1 of the body. */
const weakEtag = (body: string, length: number) =>
  length === 0 ? 'W/"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"' : `W/"${length.toString(16)}-${hash('sha1', body, 'base64').substring(0, 27)}"`;

/** `If-None-Match` (or `If-Modified-Since`, always stale here: no Last-Modified is sent) against the answer's ETag. */
function fresh(req: IncomingMessage, etag: string): boolean {
  const { 'if-none-match': noneMatch, 'if-modified-since': modifiedSince, 'cache-control': cacheControl } = req.headers;
  if (!noneMatch && !modifiedSince) return false;
  if (cacheControl && NO_CACHE.test(cacheControl)) return false;
  if (!noneMatch) return false;
  if (noneMatch === '*') return true;
  return noneMatch.split(',').some((token) => {
    const match = token.replace(/^ +| +$/g, '');
    return match === etag || match === `W/${etag}` || `W/${match}` === etag;
  });
}

/** The body stays text: hashed, measured and written as UTF-8 without a Buffer of its own. */
export function sendJson(req: IncomingMessage, res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value) ?? '';
  const length = Buffer.byteLength(body);
  const etag = weakEtag(body, length);
  res.statusCode = status;
  const cacheable = (req.method === 'GET' || req.method === 'HEAD') && ((status >= 200 && status < 300) || status === 304);
  if (cacheable && fresh(req, etag)) {
    res.statusCode = 304;
    res.setHeader('ETag', etag);
    res.end();
    return;
  }
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', length);
  res.setHeader('ETag', etag);
  if (req.method === 'HEAD') res.end();
  else res.end(body);
}
