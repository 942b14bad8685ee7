import type { RateLimitStore, WindowCount } from '../../ports/request-state.ts';

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
  const live = (key: string, now: number) => {
    const entry = windows.get(key);
    if (entry && entry.expires <= now) {
      windows.delete(key);
      return undefined;
    }
    return entry;
  };
  const hit = (key: string, windowMs: number, now: number): WindowCount => {
    const window = Math.floor(now / windowMs);
    const windowKey = `${key}:${window}`;
    let entry = live(windowKey, now);
    if (!entry) windows.set(windowKey, (entry = { count: 0, expires: (window + 1) * windowMs }));
    entry.count++;
    return { count: entry.count, resetMs: entry.expires - now };
  };
  const peek = (key: string, windowMs: number, now: number): WindowCount => {
    const window = Math.floor(now / windowMs);
    return { count: live(`${key}:${window}`, now)?.count ?? 0, resetMs: (window + 1) * windowMs - now };
  };
  return {
    async hit(key, windowMs) {
      return hit(key, windowMs, Date.now());
    },
    async peek(key, windowMs) {
      return peek(key, windowMs, Date.now());
    },
    async hitUnlessBlocked(key, windowMs, blocker) {
      const now = Date.now();
      const blocking = peek(blocker.key, windowMs, now);
      if (blocking.count >= blocker.limit) return { admitted: false, resetMs: blocking.resetMs };
      const { count, resetMs } = hit(key, windowMs, now);
      return { admitted: true, count, resetMs };
    },
    close() {
      clearInterval(sweep);
    },
  };
}
