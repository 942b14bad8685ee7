// What the HTTP layer records per request and serves at /metrics; the Prometheus adapter
// (infrastructure/metrics.ts) implements it.

export type RequestLabels = { method: string; route: string; status: string };

export type RequestMetrics = {
  /**
   * The request count and latency of one label set. Resolved once per label set and kept by the
   * caller, so that a request only records its duration.
   */
  series(labels: RequestLabels): (seconds: number) => void;
  registry: { contentType: string; metrics(): Promise<string> };
};
