import { describe, test } from 'node:test';
import { sourceDecider } from '../../domain/source.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../domain/errors.ts';
import type { DomainEvent } from '../../domain/events.ts';
import { deciderSpec } from '../support/decider-spec.ts';

const spec = deciderSpec(sourceDecider);
const t0 = '2026-01-01T00:00:00.000Z';
const t1 = '2026-01-01T00:01:00.000Z';
const t10 = '2026-01-01T00:10:00.000Z';
const blob = { key: 'uploads/s-1', sha256: 'c'.repeat(64), size: 10, contentType: 'application/pdf' };
const content = { key: 'content/s-1.json', sha256: 'd'.repeat(64), size: 99 };

const ingested: DomainEvent = {
  type: 'SourceIngested',
  data: { sourceId: 's-1', organizationId: 'org-1', sourceType: 'file', fileName: 'a.pdf', blob, ingestedAt: t0 },
};
const uploadRequested: DomainEvent = {
  type: 'SourceUploadRequested',
  data: { sourceId: 's-1', organizationId: 'org-1', sourceType: 'file', fileName: 'a.pdf', fileKey: 'uploads/s-1', expiresAt: t1, requestedAt: t0 },
};
const started = (workerId: string, attempt: number, at: string, until: string): DomainEvent => ({
  type: 'SourceIndexingStarted',
  data: { sourceId: 's-1', workerId, attempt, leaseExpiresAt: until, startedAt: at },
});
const result = { title: 'A', content, outline: [{ kind: 'page' as const, index: 0, wordCount: 3 }], wordCount: 3, language: 'en' };

describe('source decider', () => {
  test('ingesting a new source', () =>
    spec
      .given([])
      .when({ type: 'IngestSource', source: { sourceId: 's-1', organizationId: 'org-1', sourceType: 'file', fileName: 'a.pdf', blob }, now: t0 })
      .then([ingested]));

  test('a source id cannot be ingested twice', () =>
    spec
      .given([ingested])
      .when({ type: 'IngestSource', source: ingested.data as never, now: t0 })
      .thenThrows(ConflictError));

  test('an upload completes a pending source once', () =>
    spec
      .given([uploadRequested])
      .when({ type: 'CompleteUpload', blob, now: t0 })
      .then([{ type: 'SourceUploaded', data: { sourceId: 's-1', blob, uploadedAt: t0 } }]));

  test('a second upload to the same URL is refused', () =>
    spec
      .given([uploadRequested, { type: 'SourceUploaded', data: { sourceId: 's-1', blob, uploadedAt: t0 } }])
      .when({ type: 'CompleteUpload', blob, now: t0 })
      .thenThrows(ConflictError, /already been used/));

  test('an upload after expiry is refused', () =>
    spec
      .given([uploadRequested])
      .when({ type: 'CompleteUpload', blob, now: t10 })
      .thenThrows(ConflictError, /expired/));

  test('a worker claims a processing source with a lease', () =>
    spec
      .given([ingested])
      .when({ type: 'StartIndexing', workerId: 'w1', leaseMs: 60_000, now: t0 })
      .then([started('w1', 1, t0, t1)]));

  test('a claimed source with a live lease is not claimed again', () =>
    spec
      .given([ingested, started('w1', 1, t0, t1)])
      .when({ type: 'StartIndexing', workerId: 'w2', leaseMs: 60_000, now: t0 })
      .then([]));

  test('an expired lease is claimed again with the next attempt', () =>
    spec
      .given([ingested, started('w1', 1, t0, t1)])
      .when({ type: 'StartIndexing', workerId: 'w2', leaseMs: 60_000, now: t10 })
      .then([started('w2', 2, t10, '2026-01-01T00:11:00.000Z')]));

  test('after the last attempt the source fails for good', () =>
    spec
      .given([ingested, started('w1', 1, t0, t0), started('w2', 2, t0, t0), started('w3', 3, t0, t0)])
      .when({ type: 'StartIndexing', workerId: 'w4', leaseMs: 60_000, now: t10 })
      .then([
        {
          type: 'SourceIndexingFailed',
          data: { sourceId: 's-1', reason: 'indexing did not finish after 3 attempts', retryable: false, attempt: 3, failedAt: t10 },
        },
      ]));

  test('the claim holder completes indexing', () =>
    spec
      .given([ingested, started('w1', 1, t0, t1)])
      .when({ type: 'CompleteIndexing', workerId: 'w1', result, now: t0 })
      .then([{ type: 'SourceIndexed', data: { sourceId: 's-1', ...result, indexedAt: t0 } }]));

  test('a worker that lost its claim cannot complete', () =>
    spec
      .given([ingested, started('w1', 1, t0, t0), started('w2', 2, t1, t10)])
      .when({ type: 'CompleteIndexing', workerId: 'w1', result, now: t1 })
      .thenThrows(ConflictError));

  test('the claim holder records a failure with its reason', () =>
    spec
      .given([ingested, started('w1', 1, t0, t1)])
      .when({ type: 'FailIndexing', workerId: 'w1', reason: 'the file is empty', retryable: false, now: t0 })
      .then([{ type: 'SourceIndexingFailed', data: { sourceId: 's-1', reason: 'the file is empty', retryable: false, attempt: 1, failedAt: t0 } }]));

  test('the owner deletes a source', () =>
    spec
      .given([ingested])
      .when({ type: 'DeleteSource', organizationId: 'org-1', now: t1 })
      .then([{ type: 'SourceDeleted', data: { sourceId: 's-1', deletedAt: t1 } }]));

  test('another organization cannot delete it', () =>
    spec.given([ingested]).when({ type: 'DeleteSource', organizationId: 'org-2', now: t1 }).thenThrows(ForbiddenError));

  test('a deleted or unknown source is not found', () => {
    spec.given([]).when({ type: 'DeleteSource', organizationId: 'org-1', now: t1 }).thenThrows(NotFoundError);
    spec
      .given([ingested, { type: 'SourceDeleted', data: { sourceId: 's-1', deletedAt: t1 } }])
      .when({ type: 'DeleteSource', organizationId: 'org-1', now: t1 })
      .thenThrows(NotFoundError);
  });
});

describe('source decider: abandoned uploads', () => {
  const requested: DomainEvent = {
    type: 'SourceUploadRequested',
    data: { sourceId: 's-2', organizationId: 'org-1', sourceType: 'file', fileName: 'a.pdf', fileKey: 'uploads/org-1/s-2', expiresAt: t1, requestedAt: t0 },
  };
  test('a pending upload past its expiry fails with a reason', () =>
    spec
      .given([requested])
      .when({ type: 'ExpireUpload', now: t10 })
      .then([
        {
          type: 'SourceIndexingFailed',
          data: {
            sourceId: 's-2',
            reason: 'the upload URL expired before the file was uploaded; request a new one',
            retryable: false,
            attempt: 0,
            failedAt: t10,
          },
        },
      ]));
  test('a pending upload before its expiry, or an uploaded one, is left alone', () => {
    spec.given([requested]).when({ type: 'ExpireUpload', now: t0 }).then([]);
    spec.given([ingested]).when({ type: 'ExpireUpload', now: t10 }).then([]);
  });
});
