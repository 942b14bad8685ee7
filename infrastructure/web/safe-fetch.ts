import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { refusalForAddress, refusalForHostname } from './address-policy.ts';

// Fetches a client-supplied URL without letting it reach the service's own network: the host is
// resolved first, every address is vetted, and the connection goes to the vetted address (no second
// lookup that DNS rebinding could change). Redirects are followed by hand, each hop vetted again.

export class FetchRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FetchRefusedError';
  }
}
export class FetchFailedError extends Error {
  readonly retryable: boolean;
  constructor(message: string, retryable = false) {
    super(message);
    this.name = 'FetchFailedError';
    this.retryable = retryable;
  }
}

export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export type SafeFetchOptions = {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects?: number;
  allowLoopback?: boolean;
  accept?: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  resolve?: Resolver;
};

export type SafeResponse = { finalUrl: string; status: number; contentType: string; body: Buffer };

const defaultResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

async function vet(url: URL, options: SafeFetchOptions): Promise<{ address: string; family: number }> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefusedError(`only http and https URLs can be fetched, not ${url.protocol}`);
  if (url.username || url.password) throw new FetchRefusedError('URLs with credentials cannot be fetched');
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const nameRefusal = refusalForHostname(hostname);
  if (nameRefusal) throw new FetchRefusedError(nameRefusal);
  let addresses: { address: string; family: number }[];
  if (isIP(hostname)) addresses = [{ address: hostname, family: isIP(hostname) }];
  else {
    try {
      addresses = await (options.resolve ?? defaultResolver)(hostname);
    } catch {
      throw new FetchFailedError(`the host ${hostname} could not be resolved`, true);
    }
  }
  if (addresses.length === 0) throw new FetchFailedError(`the host ${hostname} has no address`);
  for (const { address } of addresses) {
    const refusal = refusalForAddress(address, { allowLoopback: options.allowLoopback ?? false });
    if (refusal) throw new FetchRefusedError(isIP(hostname) ? refusal : `${hostname} resolves to ${address}: ${refusal.replace(/^the address \S+ /, '')}`);
  }
  return addresses[0] as { address: string; family: number };
}

function once(url: URL, pinned: { address: string; family: number }, options: SafeFetchOptions): Promise<{ response: IncomingMessage; body: () => Promise<Buffer> }> {
  const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if ((lookupOptions as { all?: boolean }).all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: options.method ?? 'GET',
        lookup,
        headers: { 'user-agent': 'learning-content-service/1.0', accept: options.accept ?? '*/*', 'accept-encoding': 'identity', ...options.headers },
        timeout: options.timeoutMs,
      },
      (response) => {
        resolve({
          response,
          body: () =>
            new Promise<Buffer>((done, fail) => {
              const chunks: Buffer[] = [];
              let size = 0;
              response.on('data', (chunk: Buffer) => {
                size += chunk.length;
                if (size > options.maxBytes) {
                  fail(new FetchFailedError(`the page is larger than the limit of ${options.maxBytes} bytes`));
                  response.destroy();
                  return;
                }
                chunks.push(chunk);
              });
              response.on('end', () => done(Buffer.concat(chunks)));
              response.on('error', () => fail(new FetchFailedError('the connection broke while reading the page', true)));
              response.on('aborted', () => fail(new FetchFailedError(`the page did not load within ${options.timeoutMs} ms`, true)));
            }),
        });
      },
    );
    // The socket timeout catches silence; this one bounds the whole exchange, slow drips included.
    const overall = setTimeout(() => req.destroy(new FetchFailedError(`the page did not load within ${options.timeoutMs} ms`, true)), options.timeoutMs);
    req.on('close', () => clearTimeout(overall));
    req.on('timeout', () => req.destroy(new FetchFailedError(`the server did not answer within ${options.timeoutMs} ms`, true)));
    req.on('error', (error) => reject(error instanceof FetchFailedError ? error : new FetchFailedError(`the page could not be fetched (${(error as NodeJS.ErrnoException).code ?? error.message})`, true)));
    req.end(options.body);
  });
}

export async function safeFetch(input: string, options: SafeFetchOptions): Promise<SafeResponse> {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new FetchRefusedError('the URL is not valid');
  }
  const deadline = Date.now() + options.timeoutMs;
  const maxRedirects = options.maxRedirects ?? 5;
  for (let hop = 0; ; hop++) {
    const pinned = await vet(url, options);
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw new FetchFailedError(`the page did not load within ${options.timeoutMs} ms`, true);
    const { response, body } = await once(url, pinned, { ...options, timeoutMs: remaining });
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      if (hop >= maxRedirects) throw new FetchFailedError(`more than ${maxRedirects} redirects`);
      url = new URL(response.headers.location, url);
      continue;
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw new FetchFailedError(`the server answered ${status}`, status >= 500 || status === 429);
    }
    return { finalUrl: url.href, status, contentType: String(response.headers['content-type'] ?? ''), body: await body() };
  }
}
