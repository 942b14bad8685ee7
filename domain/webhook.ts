import type { Decider } from './decider.ts';
import type { DomainEvent, EventData } from './events.ts';
import { ConflictError, ForbiddenError, NotFoundError } from './errors.ts';
import { generationStepOf } from './generation.ts';
import type { GenerationKind } from './learning-content.ts';

// Webhooks: an organization's endpoints (stream `webhook-<id>`) and the delivery of each event to
// each endpoint (stream `webhookdelivery-<id>`), every attempt an event, so an auditor can replay
// what was sent when and what answered, and a restarted worker resumes where it stopped.

export const webhookStreamName = (webhookId: string) => `webhook-${webhookId}`;
export const deliveryStreamName = (deliveryId: string) => `webhookdelivery-${deliveryId}`;

export const webhookEventTypes = [
  'source.indexed',
  'source.failed',
  'source.deleted',
  'flashcards.ready',
  'flashcards.failed',
  'quiz.ready',
  'quiz.failed',
  'mindmap.ready',
  'mindmap.failed',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

export type ResourceKind = 'source' | GenerationKind;
/** What a domain event means to a webhook receiver: its type and the resource it concerns. */
export type WebhookEvent = { type: WebhookEventType; resourceKind: ResourceKind; resourceId: string };

const generationSubject: Record<GenerationKind, string> = { flashcards: 'flashcards', quiz: 'quiz', mindmap: 'mindmap' };

export function webhookEventOf(event: DomainEvent): WebhookEvent | null {
  switch (event.type) {
    case 'SourceIndexed':
      return { type: 'source.indexed', resourceKind: 'source', resourceId: event.data.sourceId };
    case 'SourceIndexingFailed':
      return { type: 'source.failed', resourceKind: 'source', resourceId: event.data.sourceId };
    case 'SourceDeleted':
      return { type: 'source.deleted', resourceKind: 'source', resourceId: event.data.sourceId };
  }
  const lifecycle = generationStepOf(event.type);
  if (!lifecycle || (lifecycle.step !== 'Generated' && lifecycle.step !== 'GenerationFailed')) return null;
  const outcome = lifecycle.step === 'Generated' ? 'ready' : 'failed';
  return {
    type: `${generationSubject[lifecycle.kind]}.${outcome}` as WebhookEventType,
    resourceKind: lifecycle.kind,
    resourceId: String((event.data as { id: string }).id),
  };
}

export type WebhookState =
  { status: 'none' } | { status: 'active' | 'disabled'; webhookId: string; organizationId: string; secretVersion: number } | { status: 'deleted' };

export type WebhookCommand =
  | { type: 'CreateWebhook'; webhookId: string; organizationId: string; url: string; events: WebhookEventType[]; now: string }
  | { type: 'RotateSecret'; organizationId: string; now: string }
  | { type: 'DisableWebhook'; reason: string; now: string }
  | { type: 'DeleteWebhook'; organizationId: string; now: string };

const owned = (state: WebhookState, organizationId: string) => {
  if (state.status === 'none' || state.status === 'deleted') throw new NotFoundError('webhook not found');
  if (state.organizationId !== organizationId) throw new ForbiddenError('this webhook belongs to another organization');
  return state;
};

export const webhookDecider: Decider<WebhookState, WebhookCommand> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    switch (command.type) {
      case 'CreateWebhook': {
        if (state.status !== 'none') throw new ConflictError('the webhook already exists');
        const { webhookId, organizationId, url, events, now } = command;
        return [
          { type: 'WebhookEndpointCreated', data: { webhookId, organizationId, url, events, createdAt: now } },
          { type: 'WebhookSecretRotated', data: { webhookId, organizationId, secretVersion: 1, rotatedAt: now } },
        ];
      }
      case 'RotateSecret': {
        const live = owned(state, command.organizationId);
        return [
          {
            type: 'WebhookSecretRotated',
            data: { webhookId: live.webhookId, organizationId: live.organizationId, secretVersion: live.secretVersion + 1, rotatedAt: command.now },
          },
        ];
      }
      case 'DisableWebhook': {
        if (state.status !== 'active') return [];
        return [
          {
            type: 'WebhookEndpointDisabled',
            data: { webhookId: state.webhookId, organizationId: state.organizationId, reason: command.reason, disabledAt: command.now },
          },
        ];
      }
      case 'DeleteWebhook': {
        const live = owned(state, command.organizationId);
        return [{ type: 'WebhookEndpointDeleted', data: { webhookId: live.webhookId, organizationId: live.organizationId, deletedAt: command.now } }];
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'WebhookEndpointCreated':
        return { status: 'active', webhookId: event.data.webhookId, organizationId: event.data.organizationId, secretVersion: 0 };
      case 'WebhookSecretRotated':
        return state.status === 'active' || state.status === 'disabled' ? { ...state, secretVersion: event.data.secretVersion } : state;
      case 'WebhookEndpointDisabled':
        return state.status === 'active' ? { ...state, status: 'disabled' } : state;
      case 'WebhookEndpointDeleted':
        return { status: 'deleted' };
      default:
        return state;
    }
  },
};

type Attempt = Omit<EventData<'WebhookDeliveryAttempted'>, 'deliveryId' | 'attempt' | 'attemptedAt'>;

export type DeliveryState =
  | { status: 'none' }
  | {
      status: 'pending' | 'delivered' | 'failed' | 'abandoned';
      deliveryId: string;
      webhookId: string;
      organizationId: string;
      attempts: number;
      /** When the next attempt is due (pending only). */
      nextAttemptAt: string | null;
      /** Attempts made before the last retry the client asked for: the retry schedule restarts there. */
      retryFrom: number;
    };

export type DeliveryCommand =
  | { type: 'RecordAttempt'; deliveryId: string; attempt: Attempt; now: string }
  | { type: 'RequestRetry'; organizationId: string; now: string }
  | { type: 'Abandon'; delivery: { deliveryId: string; webhookId: string; organizationId: string }; reason: string; now: string };

export const deliveryDecider: Decider<DeliveryState, DeliveryCommand> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    switch (command.type) {
      case 'RecordAttempt':
        if (state.status === 'delivered' || state.status === 'abandoned') throw new ConflictError(`the delivery is already ${state.status}`);
        return [
          {
            type: 'WebhookDeliveryAttempted',
            data: { deliveryId: command.deliveryId, ...command.attempt, attempt: (state.status === 'none' ? 0 : state.attempts) + 1, attemptedAt: command.now },
          },
        ];
      case 'RequestRetry': {
        if (state.status === 'none') throw new NotFoundError('delivery not found');
        if (state.organizationId !== command.organizationId) throw new ForbiddenError('this delivery belongs to another organization');
        if (state.status === 'delivered') throw new ConflictError('the delivery has already succeeded');
        return [
          {
            type: 'WebhookDeliveryRetryRequested',
            data: { deliveryId: state.deliveryId, webhookId: state.webhookId, organizationId: state.organizationId, requestedAt: command.now },
          },
        ];
      }
      case 'Abandon':
        if (state.status !== 'pending' && state.status !== 'none') return [];
        return [{ type: 'WebhookDeliveryAbandoned', data: { ...command.delivery, reason: command.reason, abandonedAt: command.now } }];
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'WebhookDeliveryAttempted': {
        const { deliveryId, webhookId, organizationId, attempt, outcome, nextAttemptAt } = event.data;
        const status = outcome === 'delivered' ? 'delivered' : nextAttemptAt ? 'pending' : 'failed';
        return { status, deliveryId, webhookId, organizationId, attempts: attempt, nextAttemptAt, retryFrom: state.status === 'none' ? 0 : state.retryFrom };
      }
      case 'WebhookDeliveryRetryRequested':
        return state.status === 'none' ? state : { ...state, status: 'pending', nextAttemptAt: event.data.requestedAt, retryFrom: state.attempts };
      case 'WebhookDeliveryAbandoned': {
        const { deliveryId, webhookId, organizationId } = event.data;
        const attempts = state.status === 'none' ? 0 : state.attempts;
        return { status: 'abandoned', deliveryId, webhookId, organizationId, attempts, nextAttemptAt: null, retryFrom: attempts };
      }
      default:
        return state;
    }
  },
};
