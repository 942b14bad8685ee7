import { join } from 'node:path';
import type { Logger } from 'pino';
import type { EventStore } from '../ports/event-store.ts';
import type { UploadVerdict } from '../http/api-context.ts';
import type { RequestStateStores } from '../ports/request-state.ts';
import { createMemoryRateLimits } from './request-state/memory.ts';
import { openSqliteIdempotencyStore } from './request-state/sqlite-idempotency.ts';
import type { ReadStore } from '../ports/read-store.ts';
import type { BlobStore } from '../ports/blob-store.ts';
import type { Generator } from '../ports/generator.ts';
import { createSourceExtraction, type SourceExtraction, type SourceToIndex } from '../extraction/extract-source.ts';
import { createFileExtractor } from '../extraction/file-extractor.ts';
import { sniffBuffer } from '../extraction/sniff.ts';
import type { Transcriber } from '../extraction/transcriber.ts';
import { readYouTubeCaptions } from '../extraction/youtube.ts';
import { sniffRecording } from '../extraction/recording-signature.ts';
import { createLocalDiskBlobStore, removeAbandonedWrites } from './blob-store/local-disk.ts';
import { verifyUpload } from './blob-store/upload-signature.ts';
import type { Config } from './config.ts';
import type { PushAuthConfig } from './blob-store/pubsub-push.ts';
import { openSqliteEventStore } from './event-store/sqlite.ts';
import { createMemoryReadStore } from './read-store/memory.ts';
import { persistentSecret } from './secrets.ts';
import { webhookTransport } from './web/webhook-transport.ts';
import type { WebhookPost } from '../workers/webhooks/webhook-worker.ts';

// Opens the adapter chosen for each port by configuration. Adapters of external systems are loaded
// only when chosen, so the embedded default starts without loading their clients.

export type Adapters = {
  eventStore: EventStore;
  readStore: ReadStore;
  requestState: RequestStateStores;
  blobStore: BlobStore;
  generator: Generator;
  extractSource(source: SourceToIndex): Promise<SourceExtraction>;
  sniffUpload(head: Buffer, fileName: string | undefined): string | null;
  sniffRecording(head: Buffer): string | null;
  verifyUpload: ((input: { key: string; query: Record<string, unknown>; method: string; contentType: string | undefined }) => UploadVerdict) | null;
  /** How Cloud Storage notifications are authenticated; null for the local blob store. */
  pushAuth: PushAuthConfig | null;
  webhooks: { signingKey: string; refusal(url: string): Promise<string | null>; post: WebhookPost };
  close(): Promise<void>;
};

export async function openEventStoreFromConfig(config: Config): Promise<EventStore> {
  switch (config.EVENT_STORE) {
    case 'sqlite':
      return openSqliteEventStore({ path: config.SQLITE_PATH ?? join(config.dataDir, 'events.sqlite') });
    case 'postgres':
      return (await import('./event-store/postgres.ts')).openPostgresEventStore({
        connectionString: config.DATABASE_URL as string,
        schema: config.POSTGRES_SCHEMA,
      });
    case 'eventstoredb':
      return (await import('./event-store/eventstoredb.ts')).openEventStoreDbEventStore({ connectionString: config.EVENTSTORE_URL as string });
  }
}

export const openReadStoreFromConfig = async (config: Config): Promise<ReadStore> =>
  config.READ_STORE === 'redis'
    ? (await import('./read-store/redis.ts')).openRedisReadStore({ url: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX })
    : createMemoryReadStore();

async function openBlobStore(config: Config, clock: () => Date, publicBaseUrl: () => string) {
  if (config.BLOB_STORE === 'gcs') {
    return {
      blobStore: (await import('./blob-store/gcs.ts')).createGcsBlobStore({
        bucket: config.GCS_BUCKET as string,
        ...(config.GCS_PROJECT_ID ? { projectId: config.GCS_PROJECT_ID } : {}),
        ...(config.GCS_KEY_FILE ? { keyFilename: config.GCS_KEY_FILE } : {}),
        ...(config.GCS_API_ENDPOINT ? { apiEndpoint: config.GCS_API_ENDPOINT } : {}),
      }),
      verifyUpload: null,
      pushAuth: {
        ...(config.PUBSUB_PUSH_TOKEN ? { token: config.PUBSUB_PUSH_TOKEN } : {}),
        ...(config.PUBSUB_PUSH_AUDIENCE
          ? { audience: config.PUBSUB_PUSH_AUDIENCE, keys: (await import('./blob-store/pubsub-push.ts')).googleSigningKeys(config.PUBSUB_JWKS_URL) }
          : {}),
        ...(config.PUBSUB_PUSH_SERVICE_ACCOUNT ? { serviceAccount: config.PUBSUB_PUSH_SERVICE_ACCOUNT } : {}),
      },
    };
  }
  const secret = config.UPLOAD_SIGNING_SECRET ?? (await persistentSecret(config.dataDir, 'upload-signing-secret')).value;
  const dir = config.BLOB_DIR ?? join(config.dataDir, 'blobs');
  await removeAbandonedWrites(dir);
  return {
    blobStore: createLocalDiskBlobStore({ dir, publicBaseUrl, signingSecret: secret }),
    verifyUpload: (input: { key: string; query: Record<string, unknown>; method: string; contentType: string | undefined }) =>
      verifyUpload({ ...input, now: clock(), secret }),
    pushAuth: null,
  };
}

/** One process: rate-limit windows in memory, idempotency records in SQLite so they outlive a restart. */
function embeddedRequestState(path: string): RequestStateStores {
  const rateLimits = createMemoryRateLimits();
  const idempotency = openSqliteIdempotencyStore({ path });
  return {
    rateLimits,
    idempotency,
    async close() {
      rateLimits.close();
      idempotency.close();
    },
  };
}

/** The offline generator's language model takes ~100 MB: load it on the first generation, not at start. */
function lazyOfflineGenerator(): Generator {
  let loading: Promise<Generator> | null = null;
  const generator = () => (loading ??= import('../generation/offline/offline-generator.ts').then((module) => module.createOfflineGenerator()));
  return {
    flashcards: async (input) => (await generator()).flashcards(input),
    quiz: async (input) => (await generator()).quiz(input),
    mindmap: async (input) => (await generator()).mindmap(input),
  };
}

export async function openAdapters(
  config: Config,
  logger: Logger,
  clock: () => Date,
  publicBaseUrl: () => string = () => config.publicBaseUrl,
): Promise<Adapters> {
  const eventStore = await openEventStoreFromConfig(config);
  const readStore = await openReadStoreFromConfig(config);
  const requestState =
    config.READ_STORE === 'redis'
      ? await (await import('./request-state/redis.ts')).openRedisRequestState({ url: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX })
      : embeddedRequestState(join(config.dataDir, 'request-state.sqlite'));
  const { blobStore, verifyUpload: verify, pushAuth } = await openBlobStore(config, clock, publicBaseUrl);
  const gemini = config.GEMINI_API_KEY
    ? {
        apiKey: config.GEMINI_API_KEY,
        model: config.GEMINI_MODEL,
        timeoutMs: config.GEMINI_TIMEOUT_MS,
        ...(config.GEMINI_BASE_URL ? { baseUrl: config.GEMINI_BASE_URL } : {}),
      }
    : null;
  const generator =
    config.GENERATOR === 'gemini' && gemini
      ? (await import('./gemini/generator.ts')).createGeminiGenerator({ ...gemini, maxAttempts: 3 })
      : lazyOfflineGenerator();
  const transcriber: Transcriber | null = gemini ? (await import('./gemini/transcriber.ts')).createGeminiTranscriber(gemini) : null;
  const fileExtractor = createFileExtractor({
    timeoutMs: config.PARSER_TIMEOUT_MS,
    memoryMb: config.PARSER_MEMORY_MB,
  });
  const web = { timeoutMs: config.WEB_FETCH_TIMEOUT_MS, maxBytes: config.WEB_FETCH_MAX_BYTES, allowLoopback: config.WEB_FETCH_ALLOW_LOOPBACK };
  if (config.WEB_FETCH_ALLOW_LOOPBACK) logger.warn('WEB_FETCH_ALLOW_LOOPBACK is on: web pages on 127.0.0.1 can be fetched (tests only)');
  const extractSource = createSourceExtraction({
    blobStore,
    fileExtractor,
    // Readability and its DOM take ~30 MB: loaded with the first web page.
    readWebpage: async (url) => (await import('../extraction/webpage.ts')).extractWebpage(url, web),
    readYouTubeCaptions: (url) => readYouTubeCaptions(url, { ...web, baseUrl: config.YOUTUBE_BASE_URL }),
    transcriber,
  });
  const transport = webhookTransport({ allowLoopback: config.WEB_FETCH_ALLOW_LOOPBACK });
  const webhooks = {
    signingKey: config.WEBHOOK_SIGNING_KEY ?? (await persistentSecret(config.dataDir, 'webhook-signing-key')).value,
    refusal: transport.refusal,
    post: transport.post,
  };
  return {
    eventStore,
    readStore,
    requestState,
    blobStore,
    generator,
    extractSource,
    webhooks,
    sniffUpload: sniffBuffer,
    sniffRecording,
    verifyUpload: verify,
    pushAuth,
    async close() {
      await fileExtractor.close();
      await requestState.close();
      await readStore.close();
      await eventStore.close();
    },
  };
}
