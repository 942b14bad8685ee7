// What the HTTP layer records per request and serves at /metrics; the Prometheus adapter
// (infrastructure/metrics.ts) implements it.

export type RequestLabels = { method: string; route: string; status: string };

export type RequestMetrics = {
  httpRequests: { inc(labels: RequestLabels): void };
  httpDuration: { observe(labels: RequestLabels, seconds: number): void };
  registry: { contentType: string; metrics(): Promise<string> };
};
