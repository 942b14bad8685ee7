import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { Checkpoint } from './ports/event-store.ts';
import { createApp } from './http/app.ts';
import type { KeyLookup } from './http/auth.ts';
import { startKeyCache } from './http/key-cache.ts';
import type { ApiContext } from './http/api-context.ts';
import { allRoutes } from './http/routes/index.ts';
import { type Config, ConfigError, loadConfig } from './infrastructure/config.ts';
import { openAdapters, type Adapters } from './infrastructure/adapters.ts';
import { createLogger, stdoutDestination } from './infrastructure/logger.ts';
import { createMetrics, reasonLabel, timedEventStore } from './infrastructure/metrics.ts';
import { persistentSecret } from './infrastructure/secrets.ts';
import { allProjections } from './projections/index.ts';
import { findKeyByHash } from './projections/organizations.ts';
import { countParkedEvents } from './projections/parked-events.ts';
import { startProjector, waitForCheckpoint } from './projections/projector.ts';
import { startIndexingWorker } from './workers/indexing-worker.ts';
import { startGenerationWorker } from './workers/generation-worker.ts';
import type { JobRunner } from './workers/job-runner.ts';
import { startWebhookWorker } from './workers/webhooks/webhook-worker.ts';
import { startUploadSweeper } from './workers/uploads/upload-sweeper.ts';
import { completeStoredUpload } from './commands/stored-uploads.ts';
import type { StorageNotifications } from './ports/storage-notifications.ts';
import { verifyPushRequest, type PushAuthConfig } from './infrastructure/blob-store/pubsub-push.ts';

// Composition root: configuration → adapters → roles. `all` (the embedded default) runs the API,
// the projector and the workers in one process; the other roles run one each.

/** Readiness fails when the oldest event not yet projected is older than this (a projector in another process). */
const PROJECTOR_READY_LAG_SECONDS = 30;
const PARKED_COUNT_LIMIT = 1000;

export type RunningService = { url: string; adminKey: string; stop(): Promise<void>; adapters: Adapters };

export async function startService(config: Config, logger: Logger, options: { clock?: () => Date } = {}): Promise<RunningService> {
  const clock = options.clock ?? (() => new Date());
  const adminKey = config.ADMIN_KEY ?? (await adminKeyFromDataDir(config, logger));
  // With PORT=0 the address is known only after listening; upload URLs must carry the real one.
  let publicBaseUrl = config.publicBaseUrl;
  const adapters = await openAdapters(config, logger, clock, () => publicBaseUrl);
  const { readStore } = adapters;
  const role = config.ROLE;
  const stops: (() => Promise<void>)[] = [];

  const LAG_SAMPLE = 10_000;
  /** Events not yet in the read models (counted up to LAG_SAMPLE) and the age of the oldest one. */
  const projectionLag = async () => {
    const projected = await (await readStore.active()).checkpoint();
    const pending = await adapters.eventStore.readAll({ from: projected, limit: LAG_SAMPLE });
    const oldest = pending[0];
    return { events: pending.length, seconds: oldest ? Math.max(0, (Date.now() - Date.parse(oldest.metadata.recordedAt)) / 1000) : 0 };
  };
  const parkedEvents = async () => countParkedEvents(await readStore.active(), PARKED_COUNT_LIMIT);
  const metrics = createMetrics(projectionLag, parkedEvents);
  const eventStore = timedEventStore(adapters.eventStore, metrics);

  let awaitProjection: (checkpoint: Checkpoint | null) => Promise<boolean>;
  let projectorFailure: () => string | null = () => null;
  if (role === 'all' || role === 'projector') {
    const projector = await startProjector({ eventStore, readStore, projections: allProjections, logger });
    projectorFailure = projector.failure;
    stops.push(() => projector.stop());
    awaitProjection = (checkpoint) => (checkpoint === null ? Promise.resolve(true) : projector.waitFor(checkpoint, config.READ_YOUR_WRITES_TIMEOUT_MS));
  } else {
    awaitProjection = (checkpoint) =>
      checkpoint === null ? Promise.resolve(true) : waitForCheckpoint({ readStore, checkpoint, timeoutMs: config.READ_YOUR_WRITES_TIMEOUT_MS, pollMs: 10 });
  }

  const workerId = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  if (role === 'all' || role === 'worker') {
    const common = {
      workerId,
      eventStore,
      readStore,
      blobStore: adapters.blobStore,
      logger,
      concurrency: config.WORKER_CONCURRENCY,
      leaseMs: config.LEASE_SECONDS * 1000,
      scanIntervalMs: config.WORKER_SCAN_SECONDS * 1000,
      clock,
    };
    const runners: JobRunner[] = [
      await startIndexingWorker({
        ...common,
        extract: adapters.extractSource,
        onOutcome: (outcome, seconds, reason) => {
          metrics.jobs.inc({ type: 'indexing', outcome });
          metrics.jobDuration.observe({ type: 'indexing', outcome }, seconds);
          if (reason) metrics.indexingFailures.inc({ reason: reasonLabel(reason) });
        },
      }),
      await startGenerationWorker({
        ...common,
        generator: adapters.generator,
        onOutcome: (kind, outcome, seconds) => {
          metrics.jobs.inc({ type: kind, outcome });
          metrics.jobDuration.observe({ type: kind, outcome }, seconds);
        },
      }),
      startWebhookWorker({
        eventStore,
        readStore,
        logger,
        post: adapters.webhooks.post,
        secretKey: adapters.webhooks.signingKey,
        schedule: config.WEBHOOK_RETRY_SCHEDULE,
        timeoutMs: config.WEBHOOK_TIMEOUT_MS,
        clock,
        onOutcome: (outcome, seconds) => {
          metrics.jobs.inc({ type: 'webhook', outcome });
          metrics.jobDuration.observe({ type: 'webhook', outcome }, seconds);
        },
      }),
      await startUploadSweeper({
        eventStore,
        readStore,
        blobStore: adapters.blobStore,
        logger,
        maxUploadBytes: config.MAX_UPLOAD_BYTES,
        intervalMs: config.UPLOAD_SWEEP_SECONDS * 1000,
      }),
    ];
    stops.push(async () => {
      await Promise.all(runners.map((runner) => runner.stop()));
    });
  }

  let url = '';
  if (role === 'all' || role === 'api') {
    const findKey: KeyLookup = async (keyHash) => findKeyByHash(await readStore.active(), keyHash);
    let lookupKey = findKey;
    // In-memory read models answer a key lookup from a map; Redis costs a round trip per request, so
    // keys found there are cached, and a revocation this process answers waits for the cache too.
    if (config.READ_STORE === 'redis') {
      const keyCache = startKeyCache({ lookup: findKey, eventStore: adapters.eventStore, from: await (await readStore.active()).checkpoint() });
      stops.push(() => keyCache.stop());
      lookupKey = keyCache.lookup;
      const projected = awaitProjection;
      awaitProjection = async (checkpoint) =>
        (await projected(checkpoint)) && (checkpoint === null || keyCache.waitFor(checkpoint, config.READ_YOUR_WRITES_TIMEOUT_MS));
    }
    const api: ApiContext = {
      eventStore,
      readStore,
      blobStore: adapters.blobStore,
      awaitProjection,
      limits: {
        maxUploadBytes: config.MAX_UPLOAD_BYTES,
        uploadUrlTtlMs: config.UPLOAD_URL_TTL_SECONDS * 1000,
        generationWaitMs: config.GENERATION_WAIT_MS,
        maxConcurrentGenerations: config.MAX_CONCURRENT_GENERATIONS,
      },
      sniffUpload: adapters.sniffUpload,
      sniffRecording: adapters.sniffRecording,
      webhooks: { signingKey: adapters.webhooks.signingKey, refusal: adapters.webhooks.refusal },
      verifyUpload: adapters.verifyUpload,
    };
    const app = createApp({
      routes: allRoutes(
        api,
        async () => {
          const checks: Record<string, string> = {};
          const probe = async (name: string, task: () => Promise<unknown>) => {
            try {
              const problem = await task();
              checks[name] = typeof problem === 'string' ? problem : 'ok';
            } catch (error) {
              checks[name] = `unavailable: ${error instanceof Error ? error.message : String(error)}`;
            }
          };
          await Promise.all([
            probe('eventStore', () => eventStore.ping()),
            probe('readStore', () => readStore.ping()),
            probe('projector', async () => {
              // In this process the projector says at once when a batch fails; elsewhere its lag tells.
              const failure = projectorFailure();
              if (failure) return `failing: ${failure}`;
              const lag = await projectionLag();
              return lag.seconds > PROJECTOR_READY_LAG_SECONDS ? `behind by ${lag.events} events (${lag.seconds.toFixed(1)} s)` : 'ok';
            }),
            probe('parkedEvents', async () => {
              const parked = await parkedEvents();
              return parked === 0
                ? 'ok'
                : `degraded: ${parked >= PARKED_COUNT_LIMIT ? `${parked} or more` : parked} parked event${parked === 1 ? '' : 's'} (npm run projections:parked lists them)`;
            }),
          ]);
          // Parked events leave the service degraded, not unready: every other event is projected.
          const { parkedEvents: parked, ...essential } = checks;
          return { ready: Object.values(essential).every((value) => value === 'ok'), degraded: parked !== 'ok', checks };
        },
        adapters.pushAuth ? storageNotifications(adapters, eventStore, config) : null,
      ),
      adminKey,
      lookupKey,
      logger,
      metrics,
      requestState: adapters.requestState,
      limits: {
        requestsPerMinute: config.RATE_LIMIT_PER_MINUTE,
        idempotencyTtlMs: config.IDEMPOTENCY_TTL_SECONDS * 1000,
        failedAuthPerMinute: config.FAILED_AUTH_PER_MINUTE,
      },
      clock,
    });
    // requestTimeout bounds how long one request may take to arrive (slow-loris uploads; large files
    // need minutes); the checking interval makes the server notice within a second.
    const server: Server = createServer(
      {
        requestTimeout: config.REQUEST_TIMEOUT_MS,
        headersTimeout: Math.min(30_000, config.REQUEST_TIMEOUT_MS),
        connectionsCheckingInterval: 1000,
        keepAliveTimeout: 5_000,
      },
      app,
    );
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.PORT, config.HOST, () => resolve());
    });
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    url = `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${port}`;
    if (!config.PUBLIC_BASE_URL) publicBaseUrl = url;
    // Drain first: in-flight requests finish (and see their read-your-writes) before anything closes.
    stops.unshift(
      () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
        }),
    );
  }

  return {
    url,
    adminKey,
    adapters,
    async stop() {
      for (const stop of stops) await stop();
      await adapters.close();
    },
  };
}

function storageNotifications(adapters: Adapters, eventStore: Adapters['eventStore'], config: Config): StorageNotifications {
  const auth = adapters.pushAuth as PushAuthConfig;
  return {
    verify: (request) => verifyPushRequest(request, auth),
    complete: (sourceId, correlationId) =>
      completeStoredUpload(
        { eventStore, blobStore: adapters.blobStore, maxUploadBytes: config.MAX_UPLOAD_BYTES, now: () => new Date().toISOString() },
        sourceId,
        { correlationId },
      ),
  };
}

async function adminKeyFromDataDir(config: Config, logger: Logger): Promise<string> {
  const secret = await persistentSecret(config.dataDir, 'admin-key', () => `adm_${randomUUID().replaceAll('-', '')}${randomUUID().replaceAll('-', '')}`);
  if (secret.created) {
    process.stdout.write(
      `\nNo ADMIN_KEY configured: generated one and stored it in ${secret.path}\n  admin key: ${secret.value}\n(shown once; read it from that file later)\n\n`,
    );
  } else {
    logger.info({ path: secret.path }, 'using the admin key stored in the data directory');
  }
  return secret.value;
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const logger = createLogger({ level: config.LOG_LEVEL, role: config.ROLE }, stdoutDestination());
  const service = await startService(config, logger);
  if (service.url)
    process.stdout.write(`Listening on ${service.url} (role ${config.ROLE}, events: ${config.EVENT_STORE}, read models: ${config.READ_STORE})\n`);
  else process.stdout.write(`Running role ${config.ROLE}\n`);
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping: draining in-flight work');
    const force = setTimeout(() => process.exit(1), 30_000);
    force.unref();
    service.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'error while stopping');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

if (import.meta.main) await main();
