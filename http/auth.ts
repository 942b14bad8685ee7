import type { IncomingMessage, ServerResponse } from 'node:http';
import { hashApiKey, looksLikeApiKey, secretsEqual } from '../commands/api-keys.ts';
import type { RateLimitStore, WindowCount } from '../ports/request-state.ts';
import { HttpError } from './http-error.ts';
import type { Caller } from './reply.ts';

/** Finds the organization of a key by the key's hash; null when unknown or revoked. */
export type KeyLookup = (keyHash: string) => Promise<Caller | null>;

export type GateOptions = {
  adminKey: string;
  lookupKey: KeyLookup;
  rateLimits: RateLimitStore;
  limits: { requestsPerMinute: number; failedAuthPerMinute: number };
};

const MINUTE = 60_000;

const tooManyFailures = (resetMs: number) => {
  const seconds = String(Math.max(1, Math.ceil(resetMs / 1000)));
  return new HttpError(429, `too many failed authentications from this address; retry in ${seconds} s`, { 'Retry-After': seconds });
};

/**
 * Authentication and the limits that come with it. Failed authentication is throttled per client
 * address: past `failedAuthPerMinute` failures in a minute, an address gets 429 with Retry-After
 * (whatever key it sends) until the minute is over, so keys cannot be guessed at the speed of the
 * server. An organization has fixed one-minute windows of `requestsPerMinute`, and every answer to
 * an API key carries RateLimit-* headers.
 */
export function authGate(options: GateOptions) {
  const { rateLimits } = options;
  const { requestsPerMinute, failedAuthPerMinute } = options.limits;
  const limitHeader = String(requestsPerMinute);
  const failuresOf = (req: IncomingMessage) => `authfail:${req.socket.remoteAddress ?? 'unknown'}`;

  const refuseThrottled = async (address: string) => {
    const failures = await rateLimits.peek(address, MINUTE);
    if (failures.count >= failedAuthPerMinute) throw tooManyFailures(failures.resetMs);
  };
  /** A wrong key counts as a guess; a missing header guesses nothing. */
  const refuse = async (address: string, presented: boolean, error: HttpError): Promise<never> => {
    if (presented) {
      const counted = await rateLimits.hit(address, MINUTE);
      if (counted.count > failedAuthPerMinute) throw tooManyFailures(counted.resetMs);
    }
    throw error;
  };
  const enforceLimit = (res: ServerResponse, window: WindowCount) => {
    const reset = String(Math.max(1, Math.ceil(window.resetMs / 1000)));
    res.setHeader('RateLimit-Limit', limitHeader);
    res.setHeader('RateLimit-Remaining', String(Math.max(0, requestsPerMinute - window.count)));
    res.setHeader('RateLimit-Reset', reset);
    if (window.count > requestsPerMinute) {
      throw new HttpError(429, `rate limit of ${requestsPerMinute} requests per minute exceeded; retry in ${reset} s`, { 'Retry-After': reset });
    }
  };

  return {
    /**
     * The caller of the request's x-api-key. A known key costs one step of the rate-limit store (its
     * address's failures and its organization's window together); the throttle is checked before
     * any refusal, so a throttled address gets 429 whatever it sends.
     */
    async apiKey(req: IncomingMessage, res: ServerResponse): Promise<Caller> {
      const address = failuresOf(req);
      const given = req.headers['x-api-key'];
      const caller = typeof given === 'string' && looksLikeApiKey(given) ? await options.lookupKey(hashApiKey(given)) : null;
      if (caller) {
        const admission = await rateLimits.hitUnlessBlocked(`org:${caller.organizationId}`, MINUTE, { key: address, limit: failedAuthPerMinute });
        if (!admission.admitted) throw tooManyFailures(admission.resetMs);
        enforceLimit(res, admission);
        return caller;
      }
      await refuseThrottled(address);
      return refuse(address, given !== undefined, new HttpError(401, given ? 'invalid API key' : 'missing x-api-key header'));
    },

    async adminKey(req: IncomingMessage): Promise<void> {
      const address = failuresOf(req);
      await refuseThrottled(address);
      const given = req.headers['admin-key'];
      if (typeof given === 'string' && given && secretsEqual(given, options.adminKey)) return;
      return refuse(address, given !== undefined, new HttpError(401, given ? 'invalid admin key' : 'missing admin-key header'));
    },
  };
}

export type AuthGate = ReturnType<typeof authGate>;
