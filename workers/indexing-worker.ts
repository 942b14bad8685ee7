import type { Logger } from 'pino';
import { ConcurrencyError, type EventStore, type RecordedEvent } from '../ports/event-store.ts';
import type { CommandContext } from '../commands/handle-command.ts';
import { type EventData, toDomainEvent } from '../domain/events.ts';
import { ConflictError } from '../domain/errors.ts';
import type { SourceCommand } from '../domain/source.ts';
import type { ReadStore } from '../ports/read-store.ts';
import type { Job } from '../projections/work-queue.ts';
import type { BlobStore } from '../ports/blob-store.ts';
import { startJobRunner, withRetries, type JobRunner } from './job-runner.ts';
import type { SourceExtraction, SourceToIndex } from '../extraction/extract-source.ts';
import { ExtractionError } from '../extraction/extractor.ts';
import { countWords, detectLanguage } from '../extraction/language.ts';
import { deleteSourceBlobs } from '../commands/sources.ts';
import { sourceCommands } from '../commands/streams.ts';

export type IndexingWorkerOptions = {
  workerId: string;
  eventStore: EventStore;
  readStore: ReadStore;
  blobStore: BlobStore;
  logger: Logger;
  extract(source: SourceToIndex): Promise<SourceExtraction>;
  concurrency: number;
  leaseMs: number;
  scanIntervalMs: number;
  /** Tries per claim for transient failures (network, timeouts) before the source fails. */
  transientAttempts?: number;
  retryBaseMs?: number;
  clock?: () => Date;
  onOutcome?: (outcome: 'indexed' | 'failed', seconds: number, reason?: string) => void;
};

const MAX_TITLE = 300;

export function startIndexingWorker(options: IndexingWorkerOptions): Promise<JobRunner> {
  const now = () => (options.clock ?? (() => new Date()))().toISOString();

  const command = (sourceId: string, cmd: SourceCommand, cause: RecordedEvent | null, organizationId: string) => {
    const context: CommandContext = {
      correlationId: cause?.metadata.correlationId ?? `indexing-${sourceId}`,
      ...(cause ? { causationId: cause.id } : {}),
      organizationId,
      now: now(),
    };
    return sourceCommands.handle(options.eventStore, sourceId, cmd, context, { retryOnConflict: false });
  };

  async function run(job: Job): Promise<void> {
    const sourceId = job.sourceId;
    const events = await options.eventStore.readStream(sourceCommands.streamName(sourceId));
    const origin = events.find((e) => e.type === 'SourceIngested' || e.type === 'SourceUploadRequested');
    if (!origin) return;
    const first = toDomainEvent(origin).data as EventData<'SourceIngested'> & Partial<EventData<'SourceUploadRequested'>>;
    const uploaded = events.map(toDomainEvent).find((e) => e.type === 'SourceUploaded');
    const source: SourceToIndex = {
      sourceType: first.sourceType,
      ...(first.url ? { url: first.url } : {}),
      ...(first.fileName ? { fileName: first.fileName } : {}),
      ...(first.blob ? { blob: first.blob } : uploaded?.type === 'SourceUploaded' ? { blob: uploaded.data.blob } : {}),
    };
    const cause = events.at(-1) ?? null;

    let claimed;
    try {
      claimed = await command(
        sourceId,
        { type: 'StartIndexing', workerId: options.workerId, leaseMs: options.leaseMs, now: now() },
        cause,
        first.organizationId,
      );
    } catch (error) {
      if (error instanceof ConcurrencyError) return;
      throw error;
    }
    if (claimed.state.status !== 'indexing' || claimed.state.claim.workerId !== options.workerId) return;
    const started = Date.now();
    options.logger.info(
      { sourceId, workerId: options.workerId, attempt: claimed.state.claim.attempt, correlationId: cause?.metadata.correlationId },
      'indexing started',
    );

    let outcome: SourceCommand;
    let contentKey: string | undefined;
    try {
      const extracted = await withRetries(options.transientAttempts ?? 3, options.retryBaseMs ?? 500, () => options.extract(source), isTransient);
      if (!extracted.text.trim()) throw new ExtractionError('no text could be extracted from this source');
      contentKey = `content/${first.organizationId}/${sourceId}.json`;
      const body = Buffer.from(
        JSON.stringify({ title: extracted.title, text: extracted.text, outline: extracted.outline, ...(extracted.blocks ? { blocks: extracted.blocks } : {}) }),
      );
      const stored = await options.blobStore.put(contentKey, body, { contentType: 'application/json' });
      outcome = {
        type: 'CompleteIndexing',
        workerId: options.workerId,
        result: {
          title: (extracted.title?.trim() || first.fileName || first.url || 'Untitled').slice(0, MAX_TITLE),
          content: { key: stored.key, sha256: stored.sha256, size: stored.size, contentType: 'application/json' },
          outline: extracted.outline.map(({ text, ...entry }) => ({ ...entry, wordCount: countWords(text) })),
          wordCount: countWords(extracted.text),
          language: detectLanguage(extracted.text),
          detectedType: extracted.detectedType,
        },
        now: now(),
      };
    } catch (error) {
      const reason = readableReason(error);
      if (!(error instanceof ExtractionError)) options.logger.warn({ err: error, sourceId }, 'indexing failed');
      outcome = { type: 'FailIndexing', workerId: options.workerId, reason, retryable: isTransient(error), now: now() };
    }

    try {
      await command(sourceId, outcome, cause, first.organizationId);
      options.onOutcome?.(
        outcome.type === 'CompleteIndexing' ? 'indexed' : 'failed',
        (Date.now() - started) / 1000,
        outcome.type === 'FailIndexing' ? outcome.reason : undefined,
      );
      options.logger.info({ sourceId, outcome: outcome.type, ms: Date.now() - started }, 'indexing finished');
    } catch (error) {
      // Lost the claim (lease expired, or the source was deleted meanwhile): our result is not the record.
      if (contentKey && (error instanceof ConflictError || error instanceof ConcurrencyError)) {
        await cleanupAfterLostClaim(sourceId, contentKey);
        return;
      }
      throw error;
    }
  }

  async function cleanupAfterLostClaim(sourceId: string, contentKey: string) {
    const events = await options.eventStore.readStream(sourceCommands.streamName(sourceId));
    const recordedContent = events.map(toDomainEvent).some((e) => e.type === 'SourceIndexed' && e.data.content.key === contentKey);
    const deleted = events.some((e) => e.type === 'SourceDeleted');
    if (deleted) await deleteSourceBlobs(options.eventStore, options.blobStore, sourceId);
    if (!recordedContent || deleted) await options.blobStore.delete(contentKey);
  }

  return startJobRunner({
    name: 'indexing',
    eventStore: options.eventStore,
    readStore: options.readStore,
    logger: options.logger,
    kinds: ['indexing'],
    concurrency: options.concurrency,
    scanIntervalMs: options.scanIntervalMs,
    jobsFromEvent(event) {
      if (event.type === 'SourceDeleted') {
        const sourceId = String(event.data['sourceId']);
        void deleteSourceBlobs(options.eventStore, options.blobStore, sourceId).catch((error: unknown) =>
          options.logger.warn({ err: error, sourceId }, 'deleting source blobs failed'),
        );
        return [];
      }
      if (event.type !== 'SourceIngested' && event.type !== 'SourceUploaded') return [];
      const sourceId = String(event.data['sourceId']);
      return [{ id: sourceId, kind: 'indexing', streamName: sourceCommands.streamName(sourceId), sourceId }];
    },
    run,
  });
}

/** Network hiccups and timeouts are worth another try; a document that cannot be parsed is not. */
const isTransient = (error: unknown): boolean => {
  if (error instanceof ExtractionError) return error.retryable;
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' && ['ECONNRESET', 'ETIMEDOUT', 'ECONNREFUSED', 'EAI_AGAIN', 'EPIPE'].includes(code);
};

const readableReason = (error: unknown): string => {
  if (error instanceof ExtractionError) return error.message;
  if ((error as { name?: string })?.name?.startsWith('Fetch')) return (error as Error).message;
  return 'the source could not be indexed because of an internal error; try again later';
};
