import { describe, test } from 'node:test';
import { ConflictError, ForbiddenError, NotFoundError } from '../../domain/errors.ts';
import type { DomainEvent } from '../../domain/events.ts';
import { deliveryDecider, webhookDecider, webhookEventOf } from '../../domain/webhook.ts';
import { deciderSpec } from '../support/decider-spec.ts';
import assert from 'node:assert/strict';

const t0 = '2026-11-24T10:00:00.000Z';
const t1 = '2026-11-24T10:05:00.000Z';
const created: DomainEvent[] = [
  { type: 'WebhookEndpointCreated', data: { webhookId: 'w1', organizationId: 'org-1', url: 'https://hooks.example/x', events: [], createdAt: t0 } },
  { type: 'WebhookSecretRotated', data: { webhookId: 'w1', organizationId: 'org-1', secretVersion: 1, rotatedAt: t0 } },
];
const identity = { webhookId: 'w1', organizationId: 'org-1', eventType: 'source.indexed', resourceId: 's1', sourceEventId: 'e1', sourceRecordedAt: t0 };
const attempted = (attempt: number, outcome: 'delivered' | 'failed', nextAttemptAt: string | null): DomainEvent => ({
  type: 'WebhookDeliveryAttempted',
  data: { deliveryId: 'd1', ...identity, attempt, outcome, status: outcome === 'delivered' ? 204 : 500, durationMs: 3, attemptedAt: t0, nextAttemptAt },
});

describe('webhook decider', () => {
  const spec = deciderSpec(webhookDecider);
  test('creating an endpoint records it and its first secret version', () =>
    spec
      .given([])
      .when({ type: 'CreateWebhook', webhookId: 'w1', organizationId: 'org-1', url: 'https://hooks.example/x', events: [], now: t0 })
      .then(created));
  test('rotating moves to the next secret version; another organization may not', () => {
    spec
      .given(created)
      .when({ type: 'RotateSecret', organizationId: 'org-1', now: t1 })
      .then([{ type: 'WebhookSecretRotated', data: { webhookId: 'w1', organizationId: 'org-1', secretVersion: 2, rotatedAt: t1 } }]);
    spec.given(created).when({ type: 'RotateSecret', organizationId: 'org-2', now: t1 }).thenThrows(ForbiddenError);
  });
  test('disabling happens once; deleting a deleted endpoint is a 404', () => {
    const disabled: DomainEvent = {
      type: 'WebhookEndpointDisabled',
      data: { webhookId: 'w1', organizationId: 'org-1', reason: 'kept failing', disabledAt: t1 },
    };
    spec.given(created).when({ type: 'DisableWebhook', reason: 'kept failing', now: t1 }).then([disabled]);
    spec
      .given([...created, disabled])
      .when({ type: 'DisableWebhook', reason: 'again', now: t1 })
      .then([]);
    spec
      .given([...created, { type: 'WebhookEndpointDeleted', data: { webhookId: 'w1', organizationId: 'org-1', deletedAt: t1 } }])
      .when({ type: 'DeleteWebhook', organizationId: 'org-1', now: t1 })
      .thenThrows(NotFoundError);
  });
});

describe('delivery decider', () => {
  const spec = deciderSpec(deliveryDecider);
  const attempt = { ...identity, outcome: 'failed' as const, status: 500, durationMs: 3, nextAttemptAt: t1 };
  test('attempts are numbered from the stream; none after a delivery', () => {
    spec
      .given([attempted(1, 'failed', t1)])
      .when({ type: 'RecordAttempt', deliveryId: 'd1', attempt, now: t0 })
      .then([{ type: 'WebhookDeliveryAttempted', data: { deliveryId: 'd1', ...attempt, attempt: 2, attemptedAt: t0 } }]);
    spec
      .given([attempted(1, 'delivered', null)])
      .when({ type: 'RecordAttempt', deliveryId: 'd1', attempt, now: t0 })
      .thenThrows(ConflictError);
  });
  test('a retry is refused for a delivered one, for another organization, and for an unknown one', () => {
    spec
      .given([attempted(1, 'failed', null)])
      .when({ type: 'RequestRetry', organizationId: 'org-1', now: t1 })
      .then([{ type: 'WebhookDeliveryRetryRequested', data: { deliveryId: 'd1', webhookId: 'w1', organizationId: 'org-1', requestedAt: t1 } }]);
    spec
      .given([attempted(1, 'delivered', null)])
      .when({ type: 'RequestRetry', organizationId: 'org-1', now: t1 })
      .thenThrows(ConflictError);
    spec
      .given([attempted(1, 'failed', null)])
      .when({ type: 'RequestRetry', organizationId: 'org-2', now: t1 })
      .thenThrows(ForbiddenError);
    spec.given([]).when({ type: 'RequestRetry', organizationId: 'org-1', now: t1 }).thenThrows(NotFoundError);
  });
  test('the retry schedule restarts after a retry the client asked for', () => {
    const state = [
      attempted(1, 'failed', t0),
      attempted(2, 'failed', null),
      { type: 'WebhookDeliveryRetryRequested', data: { deliveryId: 'd1', webhookId: 'w1', organizationId: 'org-1', requestedAt: t1 } } as DomainEvent,
    ].reduce(deliveryDecider.evolve, deliveryDecider.initialState());
    assert.deepEqual(state, { status: 'pending', deliveryId: 'd1', webhookId: 'w1', organizationId: 'org-1', attempts: 2, nextAttemptAt: t1, retryFrom: 2 });
  });
});

describe('what a domain event means to a webhook receiver', () => {
  test('indexing, deletion and generation outcomes; other events mean nothing', () => {
    assert.deepEqual(webhookEventOf({ type: 'SourceDeleted', data: { sourceId: 's1', deletedAt: t0 } }), {
      type: 'source.deleted',
      resourceKind: 'source',
      resourceId: 's1',
    });
    assert.deepEqual(webhookEventOf({ type: 'QuizGenerationFailed', data: { id: 'q1', reason: 'too short', retryable: false, attempt: 1, failedAt: t0 } }), {
      type: 'quiz.failed',
      resourceKind: 'quiz',
      resourceId: 'q1',
    });
    assert.equal(webhookEventOf({ type: 'SourceIngested', data: { sourceId: 's1', organizationId: 'org-1', sourceType: 'webpage', ingestedAt: t0 } }), null);
  });
});
