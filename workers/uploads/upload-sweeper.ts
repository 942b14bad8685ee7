import type { Logger } from 'pino';
import type { EventStore } from '../../ports/event-store.ts';
import type { ReadStore } from '../../ports/read-store.ts';
import type { BlobStore } from '../../ports/blob-store.ts';
import { startJobRunner, type JobRunner } from '../job-runner.ts';
import { completeStoredUpload } from '../../commands/stored-uploads.ts';

/**
 * Looks at every pending upload now and then: records bytes that reached the blob store without a
 * notification, and fails uploads whose URL expired with nothing uploaded.
 */
export function startUploadSweeper(options: {
  eventStore: EventStore;
  readStore: ReadStore;
  blobStore: BlobStore;
  logger: Logger;
  maxUploadBytes: number;
  intervalMs: number;
}): Promise<JobRunner> {
  return startJobRunner({
    name: 'upload-sweeper',
    eventStore: options.eventStore,
    readStore: options.readStore,
    logger: options.logger,
    kinds: ['upload'],
    concurrency: 2,
    scanIntervalMs: options.intervalMs,
    jobsFromEvent: () => [],
    async run(job) {
      const outcome = await completeStoredUpload({ ...options, now: () => new Date().toISOString() }, job.sourceId, {
        correlationId: `upload-sweep-${job.sourceId}`,
      });
      if (outcome !== 'missing') options.logger.info({ sourceId: job.sourceId, outcome }, 'pending upload swept');
    },
  });
}
