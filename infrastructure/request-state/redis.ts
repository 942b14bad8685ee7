import { Redis } from 'ioredis';
import type { IdempotencyRecord, RequestStateStores } from '../../ports/request-state.ts';

// Shared by every api process, so a retry that lands on another process is still recognised and an
// organization's rate limit counts all its requests.

const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('PTTL', KEYS[1]) }`;

export async function openRedisRequestState(options: { url: string; keyPrefix: string }): Promise<RequestStateStores> {
  const redis = new Redis(options.url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  // Connection errors surface on the commands that fail; the client reconnects by itself.
  redis.on('error', () => undefined);
  const idem = (key: string) => `${options.keyPrefix}:idem:${key}`;
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
        const window = Math.floor(Date.now() / windowMs);
        const [count, ttl] = (await redis.eval(HIT, 1, `${options.keyPrefix}:rl:${key}:${window}`, String(windowMs))) as [number, number];
        return { count, resetMs: ttl > 0 ? ttl : windowMs };
      },
      async peek(key, windowMs) {
        const now = Date.now();
        const count = await redis.get(`${options.keyPrefix}:rl:${key}:${Math.floor(now / windowMs)}`);
        return { count: Number(count ?? 0), resetMs: (Math.floor(now / windowMs) + 1) * windowMs - now };
      },
    },
    async close() {
      redis.disconnect();
    },
  };
}
