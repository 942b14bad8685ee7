import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { EventStore, RecordedEvent, Subscription } from '../ports/event-store.ts';
import { type Job, listPendingJobs } from '../projections/work-queue.ts';
import type { ReadStore } from '../ports/read-store.ts';

// Finds work two ways: events as they are appended (fast path), and a periodic scan of the pending
// jobs read model (catches work from before start, expired leases and anything missed). Whichever
// finds a job first tries to claim it; the claim event decides, so duplicates are harmless.

export type JobRunnerOptions = {
  name: string;
  eventStore: EventStore;
  readStore: ReadStore;
  logger: Logger;
  kinds: Job['kind'][];
  concurrency: number;
  scanIntervalMs: number;
  /** Jobs an appended event makes runnable (e.g. SourceIngested → an indexing job). */
  jobsFromEvent(event: RecordedEvent): Job[];
  /** Events after which the pending jobs are worth scanning again (e.g. a source became indexed). */
  rescanOn?: (event: RecordedEvent) => boolean;
  run(job: Job): Promise<void>;
};

export type JobRunner = { stop(): Promise<void> };

export async function startJobRunner(options: JobRunnerOptions): Promise<JobRunner> {
  const queue: Job[] = [];
  const queued = new Set<string>();
  const running = new Map<string, Promise<void>>();
  let stopped = false;
  const keyOf = (job: Job) => `${job.kind}:${job.id}`;

  const pump = () => {
    while (!stopped && running.size < options.concurrency && queue.length > 0) {
      const job = queue.shift() as Job;
      const key = keyOf(job);
      queued.delete(key);
      if (running.has(key)) continue;
      const task = options
        .run(job)
        .catch((error: unknown) => options.logger.error({ err: error, job }, `${options.name}: job failed unexpectedly`))
        .finally(() => {
          running.delete(key);
          pump();
        });
      running.set(key, task);
    }
  };

  const enqueue = (jobs: Job[]) => {
    for (const job of jobs) {
      if (!options.kinds.includes(job.kind)) continue;
      const key = keyOf(job);
      if (queued.has(key) || running.has(key)) continue;
      queued.add(key);
      queue.push(job);
    }
    pump();
  };

  const scan = async () => {
    const space = await options.readStore.active();
    let cursor: string | undefined;
    do {
      const page = await listPendingJobs(space, { limit: 200, cursor });
      enqueue(page.jobs.reverse());
      cursor = page.nextCursor;
    } while (cursor && !stopped);
  };

  const safeScan = () => scan().catch((error: unknown) => options.logger.warn({ err: error }, `${options.name}: scan failed`));

  const subscription: Subscription = options.eventStore.subscribe(await options.eventStore.headCheckpoint(), async (events) => {
    for (const event of events) enqueue(options.jobsFromEvent(event));
    if (options.rescanOn && events.some(options.rescanOn)) void safeScan();
  });
  subscription.done.catch((error: unknown) => options.logger.error({ err: error }, `${options.name}: subscription stopped`));

  void safeScan();
  const stopping = new AbortController();
  const scanner = (async () => {
    while (!stopped) {
      await sleep(options.scanIntervalMs, undefined, { signal: stopping.signal }).catch(() => undefined);
      if (!stopped) await safeScan();
    }
  })();

  return {
    async stop() {
      stopped = true;
      stopping.abort();
      await subscription.stop();
      await Promise.allSettled([...running.values(), scanner]);
    },
  };
}

/** Exponential backoff with jitter for retrying transient failures inside one claim. */
export async function withRetries<T>(attempts: number, baseMs: number, task: () => Promise<T>, retryable: (error: unknown) => boolean): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await task();
    } catch (error) {
      if (attempt >= attempts || !retryable(error)) throw error;
      await sleep(baseMs * 2 ** (attempt - 1) * (0.5 + Math.random()));
    }
  }
}
