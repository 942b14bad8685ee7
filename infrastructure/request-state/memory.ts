import type { IdempotencyRecord, RequestStateStores } from '../../ports/request-state.ts';

/** One process only: the embedded default. Expired entries are dropped as they are met and by a sweep. */
export function createMemoryRequestState(): RequestStateStores {
  const records = new Map<string, { record: IdempotencyRecord; expires: number }>();
  const windows = new Map<string, { count: number; expires: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, entry] of records) if (entry.expires <= now) records.delete(key);
    for (const [key, entry] of windows) if (entry.expires <= now) windows.delete(key);
  }, 60_000);
  sweep.unref();
  const live = <T extends { expires: number }>(map: Map<string, T>, key: string) => {
    const entry = map.get(key);
    if (entry && entry.expires <= Date.now()) {
      map.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    idempotency: {
      async reserve(key, fingerprint, ttlMs) {
        const existing = live(records, key);
        if (existing) return existing.record;
        records.set(key, { record: { state: 'in-progress', fingerprint }, expires: Date.now() + ttlMs });
        return null;
      },
      async complete(key, record, ttlMs) {
        records.set(key, { record, expires: Date.now() + ttlMs });
      },
      async release(key) {
        records.delete(key);
      },
    },
    rateLimits: {
      async hit(key, windowMs) {
        const now = Date.now();
        const windowKey = `${key}:${Math.floor(now / windowMs)}`;
        const entry = live(windows, windowKey) ?? { count: 0, expires: (Math.floor(now / windowMs) + 1) * windowMs };
        entry.count++;
        windows.set(windowKey, entry);
        return { count: entry.count, resetMs: entry.expires - now };
      },
    },
    async close() {
      clearInterval(sweep);
    },
  };
}
