import { FetchFailedError, FetchRefusedError, safeFetch, vetUrl } from './safe-fetch.ts';

// Webhook endpoints go through the same SSRF guard as fetched web pages: HTTPS only (plain HTTP to
// loopback in tests), no credentials, no private, link-local or metadata address, checked when the
// endpoint is registered and again (after DNS) at every delivery. Redirects are never followed.

const MAX_ANSWER_BYTES = 64 * 1024;

export function webhookTransport(options: { allowLoopback: boolean }) {
  return {
    /** Why `url` cannot be a webhook endpoint, or null when it can. */
    async refusal(url: string): Promise<string | null> {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        return 'url must be an absolute https URL';
      }
      const loopback = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(parsed.hostname);
      if (parsed.protocol !== 'https:' && !(options.allowLoopback && loopback && parsed.protocol === 'http:')) return 'url must be an https URL';
      try {
        await vetUrl(url, { allowLoopback: options.allowLoopback, timeoutMs: 5_000 });
        return null;
      } catch (error) {
        if (error instanceof FetchRefusedError || error instanceof FetchFailedError) return error.message;
        throw error;
      }
    },
    /** POSTs `body`; resolves with the status of any answer, rejects when none came. */
    async post(url: string, body: string, headers: Record<string, string>, timeoutMs: number): Promise<{ status: number }> {
      try {
        const answer = await safeFetch(url, {
          method: 'POST',
          body,
          headers,
          timeoutMs,
          maxBytes: MAX_ANSWER_BYTES,
          maxRedirects: 0,
          allowLoopback: options.allowLoopback,
        });
        return { status: answer.status };
      } catch (error) {
        if (error instanceof FetchFailedError && error.status !== undefined) return { status: error.status };
        throw error;
      }
    },
  };
}
