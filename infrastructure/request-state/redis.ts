import { Redis } from 'ioredis';
import type { IdempotencyRecord, RequestStateStores } from '../../ports/request-state.ts';
import { coalesce } from '../coalesce.ts';

// Shared by every api process, so a retry that lands on another process is still recognised and an
// organization's rate limit counts all its requests.

const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('PTTL', KEYS[1]) }`;

// Several admissions in order: KEYS are (window, blocking window) pairs, ARGV (window ms, limit)
// pairs. While a blocking window holds its limit or more, nothing is counted (-1).
const HIT_UNLESS_BLOCKED = `
local results = {}
for i = 1, #KEYS, 2 do
  if tonumber(redis.call('GET', KEYS[i + 1]) or '0') >= tonumber(ARGV[i + 1]) then
    results[#results + 1] = -1
    results[#results + 1] = 0
  else
    local count = redis.call('INCR', KEYS[i])
    if count == 1 then redis.call('PEXPIRE', KEYS[i], ARGV[i]) end
    results[#results + 1] = count
    results[#results + 1] = redis.call('PTTL', KEYS[i])
  end
end
return results`;

type Scripts = {
  hitWindow(key: string, windowMs: string): Promise<[number, number]>;
  hitWindowsUnlessBlocked(...numberOfKeysKeysAndArguments: (string | number)[]): Promise<number[]>;
};

type AdmissionCall = { key: string; blocker: string; windowMs: number; limit: number };

export async function openRedisRequestState(options: { url: string; keyPrefix: string }): Promise<RequestStateStores> {
  const redis = new Redis(options.url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  // Connection errors surface on the commands that fail; the client reconnects by itself.
  redis.on('error', () => undefined);
  // Defined scripts are sent by their SHA-1 (EVALSHA), not as their text on every request.
  redis.defineCommand('hitWindow', { numberOfKeys: 1, lua: HIT });
  redis.defineCommand('hitWindowsUnlessBlocked', { lua: HIT_UNLESS_BLOCKED });
  const scripts = redis as unknown as Scripts;
  const idem = (key: string) => `${options.keyPrefix}:idem:${key}`;
  const windowKey = (key: string, window: number) => `${options.keyPrefix}:rl:${key}:${window}`;
  // Every authenticated request is admitted here: the requests that arrive together share one script call.
  const admit = coalesce(async (calls: AdmissionCall[]) => {
    const keys = calls.flatMap((call) => [call.key, call.blocker]);
    const limits = calls.flatMap((call) => [call.windowMs, call.limit]);
    const results = await scripts.hitWindowsUnlessBlocked(keys.length, ...keys, ...limits);
    return calls.map((_call, index) => [results[2 * index], results[2 * index + 1]] as [number, number]);
  });
  return {
    idempotency: {
      async reserve(key, fingerprint, ttlMs) {
        // The record may expire or be released between SET NX and GET: then try to reserve again.
        for (;;) {
          const reserved = await redis.set(idem(key), JSON.stringify({ state: 'in-progress', fingerprint }), 'PX', ttlMs, 'NX');
          if (reserved === 'OK') return null;
          const existing = await redis.get(idem(key));
          if (existing) return JSON.parse(existing) as IdempotencyRecord;
        }
      },
      async complete(key, record, ttlMs) {
        await redis.set(idem(key), JSON.stringify(record), 'PX', ttlMs);
      },
      async release(key) {
        await redis.del(idem(key));
      },
    },
    rateLimits: {
      async hit(key, windowMs) {
        const [count, ttl] = await scripts.hitWindow(windowKey(key, Math.floor(Date.now() / windowMs)), String(windowMs));
        return { count, resetMs: ttl > 0 ? ttl : windowMs };
      },
      async peek(key, windowMs) {
        const now = Date.now();
        const count = await redis.get(windowKey(key, Math.floor(now / windowMs)));
        return { count: Number(count ?? 0), resetMs: (Math.floor(now / windowMs) + 1) * windowMs - now };
      },
      async hitUnlessBlocked(key, windowMs, blocker) {
        const now = Date.now();
        const window = Math.floor(now / windowMs);
        const [count, ttl] = await admit({ key: windowKey(key, window), blocker: windowKey(blocker.key, window), windowMs, limit: blocker.limit });
        if (count < 0) return { admitted: false, resetMs: (window + 1) * windowMs - now };
        return { admitted: true, count, resetMs: ttl > 0 ? ttl : windowMs };
      },
    },
    async close() {
      redis.disconnect();
    },
  };
}
