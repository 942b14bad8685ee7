import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics, type Metric } from 'prom-client';
import type { EventStore } from '../ports/event-store.ts';
import type { RequestLabels } from '../ports/metrics.ts';

// Prometheus metrics, served at GET /metrics. One registry per service instance, so tests that start
// several services in one process do not collide.

export type Metrics = ReturnType<typeof createMetrics>;

export type LagSource = () => Promise<{ events: number; seconds: number }>;

export function createMetrics(projectionLag: LagSource, parkedEvents: () => Promise<number>) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const seconds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
  return {
    registry,
    series: requestSeries(registry, seconds),
    projectionLag: new Gauge({
      name: 'projection_lag',
      help: 'Events appended but not yet in the read models (unit=events, counted up to 10000) and the age of the oldest (unit=seconds)',
      labelNames: ['unit'],
      registers: [registry],
      async collect() {
        const lag = await projectionLag();
        this.set({ unit: 'events' }, lag.events);
        this.set({ unit: 'seconds' }, lag.seconds);
      },
    }),
    parkedEvents: new Gauge({
      name: 'projection_parked_events',
      help: 'Events a projection could not apply and parked (npm run projections:parked lists them), counted up to 1000',
      registers: [registry],
      async collect() {
        this.set(await parkedEvents());
      },
    }),
    jobs: new Counter({ name: 'worker_jobs_total', help: 'Worker jobs by type and outcome', labelNames: ['type', 'outcome'], registers: [registry] }),
    jobDuration: new Histogram({
      name: 'worker_job_duration_seconds',
      help: 'Worker job durations by type and outcome',
      labelNames: ['type', 'outcome'],
      buckets: seconds,
      registers: [registry],
    }),
    indexingFailures: new Counter({
      name: 'indexing_failures_total',
      help: 'Sources that failed to index, by reason',
      labelNames: ['reason'],
      registers: [registry],
    }),
    appendDuration: new Histogram({ name: 'event_store_append_seconds', help: 'Event-store append latency', buckets: seconds, registers: [registry] }),
  };
}

type Series = { labels: RequestLabels; count: number; sum: number; buckets: number[] };

/**
 * http_requests_total and http_request_duration_seconds, kept as plain numbers per label set: the
 * HTTP layer resolves a label set once and then only adds to it, where prom-client's Counter and
 * Histogram hash and validate the labels on every call (~1.2 µs a request). The registry reads them
 * at scrape time like its own metrics (name, help, type, and values as Counter and Histogram give them).
 */
function requestSeries(registry: Registry, bounds: number[]) {
  const all: Series[] = [];
  const metric = (name: string, help: string, type: 'counter' | 'histogram', values: () => unknown[]) =>
    registry.registerMetric({
      name,
      help,
      type,
      aggregator: 'sum',
      get: async () => ({ name, help, type, aggregator: 'sum', values: values() }),
      reset: () => {
        for (const series of all) Object.assign(series, { count: 0, sum: 0, buckets: bounds.map(() => 0) });
      },
    } as unknown as Metric);
  metric('http_requests_total', 'HTTP requests by route and status', 'counter', () => all.map(({ labels, count }) => ({ labels, value: count })));
  const bucket = 'http_request_duration_seconds_bucket';
  metric('http_request_duration_seconds', 'HTTP request latency by route and status', 'histogram', () =>
    all.flatMap(({ labels, count, sum, buckets }) => {
      let cumulative = 0;
      return [
        ...bounds.map((le, i) => ({ metricName: bucket, labels: { le, ...labels }, value: (cumulative += buckets[i] as number) })),
        { metricName: bucket, labels: { le: '+Inf', ...labels }, value: count },
        { metricName: 'http_request_duration_seconds_sum', labels, value: sum },
        { metricName: 'http_request_duration_seconds_count', labels, value: count },
      ];
    }),
  );
  return (labels: RequestLabels) => {
    const series: Series = { labels: { ...labels }, count: 0, sum: 0, buckets: bounds.map(() => 0) };
    all.push(series);
    return (seconds: number) => {
      series.count++;
      series.sum += seconds;
      const index = bounds.findIndex((bound) => seconds <= bound);
      if (index !== -1) series.buckets[index] = (series.buckets[index] as number) + 1;
    };
  };
}

/** Wraps an event store so every append is timed. */
export function timedEventStore(store: EventStore, metrics: Metrics): EventStore {
  return new Proxy(store, {
    get(target, property) {
      if (property !== 'append') {
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      }
      return async (...args: Parameters<EventStore['append']>) => {
        const end = metrics.appendDuration.startTimer();
        try {
          return await target.append(...args);
        } finally {
          end();
        }
      };
    },
  });
}

/** Failure reasons carry details (sizes, names); the label keeps the kind only, so the label set stays small. */
export const reasonLabel = (reason: string): string =>
  reason
    .toLowerCase()
    .replace(/["'`].*?["'`]/g, '')
    .replace(/\d+(\.\d+)?\s*\w*/g, '')
    .split(/[:;(]/)[0]!
    .trim()
    .slice(0, 60) || 'unknown';
