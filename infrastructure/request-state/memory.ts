import type { RateLimitStore } from '../../ports/request-state.ts';

/**
 * Rate-limit windows of one process (the embedded default; its idempotency records are in SQLite,
 * sqlite-idempotency.ts). Expired windows are dropped as they are met and by a sweep.
 */
export function createMemoryRateLimits(): RateLimitStore & { close(): void } {
  const windows = new Map<string, { count: number; expires: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, entry] of windows) if (entry.expires <= now) windows.delete(key);
  }, 60_000);
  sweep.unref();
  const live = (key: string) => {
    const entry = windows.get(key);
    if (entry && entry.expires <= Date.now()) {
      windows.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      const windowKey = `${key}:${Math.floor(now / windowMs)}`;
      const entry = live(windowKey) ?? { count: 0, expires: (Math.floor(now / windowMs) + 1) * windowMs };
      entry.count++;
      windows.set(windowKey, entry);
      return { count: entry.count, resetMs: entry.expires - now };
    },
    async peek(key, windowMs) {
      const now = Date.now();
      const entry = live(`${key}:${Math.floor(now / windowMs)}`);
      return { count: entry?.count ?? 0, resetMs: (Math.floor(now / windowMs) + 1) * windowMs - now };
    },
    close() {
      clearInterval(sweep);
    },
  };
}
