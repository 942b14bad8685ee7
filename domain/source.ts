import type { Decider } from './decider.ts';
import type { BlobRef, DomainEvent, EventData, SourceType } from './events.ts';
import { ConflictError, ForbiddenError, NotFoundError } from './errors.ts';
import { type Claim, leaseExpired, leaseUntil, MAX_ATTEMPTS } from './lease.ts';

export const sourceStreamName = (sourceId: string) => `source-${sourceId}`;

type Known = { sourceId: string; organizationId: string; sourceType: SourceType };

export type SourceState =
  | { status: 'none' }
  | (Known & { status: 'pending'; expiresAt: string })
  | (Known & { status: 'processing'; attempts: number })
  | (Known & { status: 'indexing'; claim: Claim })
  | (Known & { status: 'indexed'; content: BlobRef })
  | (Known & { status: 'failed'; reason: string })
  | (Known & { status: 'deleted' });

type Indexed = Omit<EventData<'SourceIndexed'>, 'sourceId' | 'indexedAt'>;

export type SourceCommand =
  | { type: 'IngestSource'; source: Omit<EventData<'SourceIngested'>, 'ingestedAt'>; now: string }
  | { type: 'RequestUpload'; upload: Omit<EventData<'SourceUploadRequested'>, 'requestedAt'>; now: string }
  /** `viaSignedStorageUrl`: the object store enforced the URL's expiry, so arriving late to us is fine. */
  | { type: 'CompleteUpload'; blob: BlobRef; now: string; viaSignedStorageUrl?: boolean }
  | { type: 'StartIndexing'; workerId: string; leaseMs: number; now: string }
  | { type: 'CompleteIndexing'; workerId: string; result: Indexed; now: string }
  | { type: 'FailIndexing'; workerId: string; reason: string; retryable: boolean; now: string }
  | { type: 'DeleteSource'; organizationId: string; now: string }
  /** The upload URL expired and no bytes arrived. */
  | { type: 'ExpireUpload'; now: string }
  /** The bytes that arrived in the blob store are not acceptable (e.g. too large). */
  | { type: 'RejectUpload'; reason: string; now: string };

type Live = Exclude<SourceState, { status: 'none' | 'deleted' }>;

const existing = (state: SourceState): Live => {
  if (state.status === 'none' || state.status === 'deleted') throw new NotFoundError('source not found');
  return state;
};

const claimedBy = (state: SourceState, workerId: string): Extract<SourceState, { status: 'indexing' }> => {
  if (state.status !== 'indexing' || state.claim.workerId !== workerId) {
    throw new ConflictError('this worker no longer holds the indexing claim');
  }
  return state;
};

/** The attempt number a new claim would get, or null when the source is not claimable now. */
function nextAttempt(state: SourceState, now: string): number | null {
  if (state.status === 'processing') return state.attempts + 1;
  if (state.status === 'indexing' && leaseExpired(state.claim, now)) return state.claim.attempt + 1;
  return null;
}

const failed = (sourceId: string, reason: string, retryable: boolean, attempt: number, now: string): DomainEvent => ({
  type: 'SourceIndexingFailed',
  data: { sourceId, reason, retryable, attempt, failedAt: now },
});

export const sourceDecider: Decider<SourceState, SourceCommand> = {
  initialState: () => ({ status: 'none' }),

  decide(command, state) {
    switch (command.type) {
      case 'IngestSource':
        if (state.status !== 'none') throw new ConflictError('the source already exists');
        return [{ type: 'SourceIngested', data: { ...command.source, ingestedAt: command.now } }];
      case 'RequestUpload':
        if (state.status !== 'none') throw new ConflictError('the source already exists');
        return [{ type: 'SourceUploadRequested', data: { ...command.upload, requestedAt: command.now } }];
      case 'CompleteUpload': {
        const live = existing(state);
        if (live.status !== 'pending') throw new ConflictError('this upload URL has already been used');
        if (!command.viaSignedStorageUrl && Date.parse(live.expiresAt) < Date.parse(command.now)) throw new ConflictError('this upload URL has expired');
        return [{ type: 'SourceUploaded', data: { sourceId: live.sourceId, blob: command.blob, uploadedAt: command.now } }];
      }
      case 'StartIndexing': {
        const attempt = nextAttempt(state, command.now);
        if (attempt === null || state.status === 'none') return [];
        if (attempt > MAX_ATTEMPTS) {
          return [failed(state.sourceId, `indexing did not finish after ${MAX_ATTEMPTS} attempts`, false, MAX_ATTEMPTS, command.now)];
        }
        const leaseExpiresAt = leaseUntil(command.now, command.leaseMs);
        return [
          {
            type: 'SourceIndexingStarted',
            data: { sourceId: state.sourceId, workerId: command.workerId, attempt, leaseExpiresAt, startedAt: command.now },
          },
        ];
      }
      case 'CompleteIndexing': {
        const claimed = claimedBy(state, command.workerId);
        return [{ type: 'SourceIndexed', data: { sourceId: claimed.sourceId, ...command.result, indexedAt: command.now } }];
      }
      case 'FailIndexing': {
        const claimed = claimedBy(state, command.workerId);
        return [failed(claimed.sourceId, command.reason, command.retryable, claimed.claim.attempt, command.now)];
      }
      case 'ExpireUpload': {
        if (state.status !== 'pending' || Date.parse(state.expiresAt) > Date.parse(command.now)) return [];
        return [failed(state.sourceId, 'the upload URL expired before the file was uploaded; request a new one', false, 0, command.now)];
      }
      case 'RejectUpload': {
        if (state.status !== 'pending') return [];
        return [failed(state.sourceId, command.reason, false, 0, command.now)];
      }
      case 'DeleteSource': {
        const live = existing(state);
        if (live.organizationId !== command.organizationId) {
          throw new ForbiddenError('this source belongs to another organization');
        }
        return [{ type: 'SourceDeleted', data: { sourceId: live.sourceId, deletedAt: command.now } }];
      }
    }
  },

  evolve(state, event) {
    if (event.type === 'SourceIngested' || event.type === 'SourceUploadRequested') {
      const { sourceId, organizationId, sourceType } = event.data;
      return event.type === 'SourceIngested'
        ? { status: 'processing', sourceId, organizationId, sourceType, attempts: 0 }
        : { status: 'pending', sourceId, organizationId, sourceType, expiresAt: event.data.expiresAt };
    }
    if (state.status === 'none' || state.status === 'deleted') return state;
    const { sourceId, organizationId, sourceType } = state;
    const known = { sourceId, organizationId, sourceType };
    switch (event.type) {
      case 'SourceUploaded':
        return { ...known, status: 'processing', attempts: 0 };
      case 'SourceIndexingStarted': {
        const { workerId, attempt, leaseExpiresAt } = event.data;
        return { ...known, status: 'indexing', claim: { workerId, attempt, leaseExpiresAt } };
      }
      case 'SourceIndexed':
        return { ...known, status: 'indexed', content: event.data.content };
      case 'SourceIndexingFailed':
        return { ...known, status: 'failed', reason: event.data.reason };
      case 'SourceDeleted':
        return { ...known, status: 'deleted' };
      default:
        return state;
    }
  },
};
