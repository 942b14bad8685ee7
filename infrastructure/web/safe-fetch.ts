import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { describeBlockedAddress, refusalForHost } from './address-policy.ts';

// Fetches a client-supplied URL without letting it reach the service's own network. The host is
// resolved here, every address is vetted, and the socket connects to those vetted addresses only
// (the request's own lookup returns them, so DNS rebinding between check and connect changes nothing).
// Redirects are followed by hand, each hop vetted the same way before any connection is made.

/** The URL points somewhere the service must not go; retrying never helps. */
export class FetchRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FetchRefusedError';
  }
}

/** The fetch was allowed but did not succeed; `retryable` when a later attempt may. */
export class FetchFailedError extends Error {
  readonly retryable: boolean;
  readonly status: number | undefined;
  constructor(message: string, options: { retryable?: boolean; status?: number } = {}) {
    super(message);
    this.name = 'FetchFailedError';
    this.retryable = options.retryable ?? false;
    this.status = options.status;
  }
}

export type ResolvedAddress = { address: string; family: number };
/** Every address a host name resolves to (tests inject one to simulate DNS answers). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export type SafeFetchOptions = {
  maxBytes: number;
  /** Bounds the whole fetch: DNS, connecting, every redirect and reading the body. */
  timeoutMs: number;
  maxRedirects?: number;
  /** Permits 127.0.0.0/8 and ::1 (nothing else); set only from a test setting. */
  allowLoopback?: boolean;
  accept?: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  resolve?: Resolver;
};

export type SafeResponse = { finalUrl: string; status: number; contentType: string; body: Buffer };

const USER_AGENT = 'learning-content-service/1.0';
const defaultResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, order: 'verbatim' });

const timeoutError = (host: string, timeoutMs: number) => new FetchFailedError(`${host} did not answer within ${timeoutMs} ms`, { retryable: true });

/** Rejects with `onTimeout()` if the promise is not settled by the deadline (DNS lookups cannot be cancelled). */
function beforeDeadline<T>(promise: Promise<T>, deadline: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), Math.max(0, deadline - Date.now()));
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}

async function vettedAddresses(url: URL, options: SafeFetchOptions, deadline: number): Promise<ResolvedAddress[]> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FetchRefusedError(`only http and https URLs can be fetched, not ${url.protocol.replace(/:$/, '')}`);
  if (url.username || url.password) throw new FetchRefusedError('URLs with credentials in them cannot be fetched');
  const allowLoopback = options.allowLoopback ?? false;
  const hostRefusal = refusalForHost(url.hostname, { allowLoopback });
  if (hostRefusal) throw new FetchRefusedError(hostRefusal);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host)) return [{ address: host, family: isIP(host) }];
  let addresses: ResolvedAddress[];
  try {
    addresses = await beforeDeadline((options.resolve ?? defaultResolver)(host), deadline, () => timeoutError(host, options.timeoutMs));
  } catch (error) {
    if (error instanceof FetchFailedError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new FetchFailedError(`the host ${host} could not be found`, { retryable: code !== 'ENOTFOUND' });
  }
  if (addresses.length === 0) throw new FetchFailedError(`the host ${host} has no address`);
  // One non-public answer is enough to refuse: the resolver's choice among them is not ours to predict.
  for (const { address } of addresses) {
    const blocked = describeBlockedAddress(address, { allowLoopback });
    if (blocked) throw new FetchRefusedError(`the host ${host} resolves to ${address}, which is ${blocked}, and cannot be fetched`);
  }
  return addresses;
}

/** Whether `input` may be fetched at all (scheme, credentials, every address its host resolves to); rejects with why not. */
export async function vetUrl(input: string, options: Pick<SafeFetchOptions, 'allowLoopback' | 'resolve' | 'timeoutMs'>): Promise<void> {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new FetchRefusedError('the URL is not valid');
  }
  await vettedAddresses(url, { ...options, maxBytes: 0 }, Date.now() + options.timeoutMs);
}

/** A lookup that answers only with already-vetted addresses, so the connection cannot go elsewhere. */
function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_hostname, lookupOptions, callback) => {
    const family = lookupOptions.family === 4 || lookupOptions.family === 6 ? lookupOptions.family : 0;
    const usable = family ? addresses.filter((entry) => entry.family === family) : addresses;
    const first = usable[0];
    if (!first) {
      callback(Object.assign(new Error('no vetted address of the requested family'), { code: 'ENOTFOUND' }), '', 0);
      return;
    }
    if (lookupOptions.all) (callback as unknown as (error: null, all: ResolvedAddress[]) => void)(null, usable);
    else callback(null, first.address, first.family);
  };
}

type Exchange = { status: number; headers: IncomingHttpHeaders; body: Buffer | null };

function connectionError(host: string, error: NodeJS.ErrnoException): FetchFailedError {
  const code = error.code ?? error.message;
  if (code === 'ECONNREFUSED') return new FetchFailedError(`${host} refused the connection`, { retryable: true });
  if (/CERT|SSL|TLS/i.test(code)) return new FetchFailedError(`the TLS certificate of ${host} could not be verified (${code})`);
  return new FetchFailedError(`${host} could not be reached (${code})`, { retryable: true });
}

/** One request to vetted addresses; reads the body only for 2xx answers, within the size cap. */
function exchange(
  url: URL,
  addresses: ResolvedAddress[],
  request: { method: string; body?: string; headers: Record<string, string> },
  options: SafeFetchOptions,
  signal: AbortSignal,
): Promise<Exchange> {
  const host = url.hostname;
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      req.destroy();
      reject(signal.aborted ? timeoutError(host, options.timeoutMs) : error);
    };
    const tooLarge = () => new FetchFailedError(`the response from ${host} is larger than the limit of ${options.maxBytes} bytes`);
    const broken = () => new FetchFailedError(`the connection to ${host} broke while reading the response`, { retryable: true });
    const readBody = (response: IncomingMessage) => {
      if (Number(response.headers['content-length']) > options.maxBytes) return fail(tooLarge());
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) return fail(tooLarge());
        chunks.push(chunk);
      });
      response.on('end', () => {
        if (settled) return;
        settled = true;
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) });
      });
      response.on('close', () => {
        if (!response.complete) fail(broken());
      });
      response.on('error', () => fail(broken()));
    };
    // A fresh connection per request: a pooled socket would outlive the fetch and its vetting.
    const req = send(url, {
      method: request.method,
      agent: false,
      lookup: pinnedLookup(addresses),
      signal,
      headers: { 'user-agent': USER_AGENT, accept: options.accept ?? '*/*', 'accept-encoding': 'identity', ...request.headers },
    });
    req.on('response', (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 200 && status < 300) return readBody(response);
      // Redirects and errors carry nothing we read: the connection is dropped rather than drained.
      settled = true;
      resolve({ status, headers: response.headers, body: null });
      req.destroy();
    });
    req.on('error', (error) => fail(connectionError(host, error)));
    req.end(request.body);
  });
}

const isRedirect = (status: number) => status === 301 || status === 302 || status === 303 || status === 307 || status === 308;

export async function safeFetch(input: string, options: SafeFetchOptions): Promise<SafeResponse> {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new FetchRefusedError('the URL is not valid');
  }
  const deadline = Date.now() + options.timeoutMs;
  const maxRedirects = options.maxRedirects ?? 5;
  const signal = AbortSignal.timeout(options.timeoutMs);
  let request: { method: string; body?: string; headers: Record<string, string> } = {
    method: options.method ?? 'GET',
    ...(options.body !== undefined ? { body: options.body } : {}),
    headers: options.headers ?? {},
  };
  for (let redirects = 0; ; redirects++) {
    const addresses = await vettedAddresses(url, options, deadline);
    if (signal.aborted) throw timeoutError(url.hostname, options.timeoutMs);
    const answer = await exchange(url, addresses, request, options, signal);
    const location = answer.headers.location;
    if (isRedirect(answer.status) && location) {
      if (redirects >= maxRedirects) throw new FetchFailedError(`${url.hostname} redirected more than ${maxRedirects} times`);
      try {
        url = new URL(location, url);
      } catch {
        throw new FetchFailedError(`${url.hostname} redirected to an invalid URL`);
      }
      // As browsers do: 303, and 301/302 after a POST, continue as a GET without the body.
      if (answer.status === 303 || (request.method === 'POST' && answer.status <= 302)) request = { method: 'GET', headers: {} };
      continue;
    }
    if (answer.status < 200 || answer.status >= 300 || !answer.body) {
      const retryable = answer.status >= 500 || answer.status === 429 || answer.status === 408;
      throw new FetchFailedError(`${url.hostname} answered with status ${answer.status}`, { retryable, status: answer.status });
    }
    return { finalUrl: url.href, status: answer.status, contentType: String(answer.headers['content-type'] ?? ''), body: answer.body };
  }
}
