import { toDomainEvent } from '../domain/events.ts';
import { webhookEventOf } from '../domain/webhook.ts';
import type { RecordedEvent } from '../ports/event-store.ts';
import type { Doc, ReadModelSpace, ReadWrite } from '../ports/read-store.ts';
import type { Projection } from './projection.ts';

// Webhook endpoints, listed per organization, and their deliveries: one document per (endpoint,
// event) with every attempt, listed per endpoint newest first and, while due, in the pending index
// the delivery worker reads. A delivery is created here, by the event it announces, for each active
// endpoint of the organization subscribed to its type: so a rebuild creates the same ones.

const ENDPOINTS = 'webhookEndpoints';
const SUBSCRIBERS = 'webhookSubscribers';
const DELIVERIES = 'webhookDeliveries';
const PENDING = 'pending';
const organizationIndex = (organizationId: string) => `org:${organizationId}`;
const endpointIndex = (webhookId: string) => `webhook:${webhookId}`;

type Subscriber = { id: string; events: string[] };

/** A deterministic delivery id (also the `webhook-id` header): one per endpoint and event. */
export const deliveryIdOf = (webhookId: string, eventId: string) => `msg_${webhookId.replace(/-/g, '').slice(0, 12)}${eventId.replace(/-/g, '')}`;

const putEndpoint = (doc: Doc): ReadWrite => ({
  kind: 'put',
  collection: ENDPOINTS,
  id: String(doc['id']),
  doc,
  indexes: [{ name: organizationIndex(String(doc['organizationId'])), score: Date.parse(String(doc['createdAt'])) }],
});

const putDelivery = (doc: Doc): ReadWrite => {
  const score = Date.parse(String(doc['createdAt']));
  return {
    kind: 'put',
    collection: DELIVERIES,
    id: String(doc['id']),
    doc,
    indexes: [{ name: endpointIndex(String(doc['webhookId'])), score }, ...(doc['status'] === 'pending' ? [{ name: PENDING, score }] : [])],
  };
};

const subscribersOf = (reader: { get(collection: string, id: string): Doc | null }, organizationId: string): Subscriber[] =>
  ((reader.get(SUBSCRIBERS, organizationId)?.['endpoints'] as Subscriber[] | undefined) ?? []).slice();

const putSubscribers = (organizationId: string, endpoints: Subscriber[]): ReadWrite => ({
  kind: 'put',
  collection: SUBSCRIBERS,
  id: organizationId,
  doc: { endpoints },
  indexes: [],
  unindexed: true,
});

const ENDPOINT_UPDATES = new Set(['WebhookSecretRotated', 'WebhookEndpointDisabled', 'WebhookEndpointDeleted']);
const DELIVERY_UPDATES = new Set(['WebhookDeliveryAttempted', 'WebhookDeliveryRetryRequested', 'WebhookDeliveryAbandoned']);

export const webhooksProjection: Projection = {
  name: 'webhooks',
  reads: {
    [SUBSCRIBERS]: (recorded: RecordedEvent) => {
      if (recorded.type.startsWith('Webhook') && !DELIVERY_UPDATES.has(recorded.type)) return String(recorded.data['organizationId']);
      return webhookEventOf(toDomainEvent(recorded)) ? recorded.metadata.organizationId : undefined;
    },
    [ENDPOINTS]: (recorded: RecordedEvent) => (ENDPOINT_UPDATES.has(recorded.type) ? String(recorded.data['webhookId']) : undefined),
    [DELIVERIES]: (recorded: RecordedEvent) => (DELIVERY_UPDATES.has(recorded.type) ? String(recorded.data['deliveryId']) : undefined),
  },
  handle(recorded, reader) {
    const event = toDomainEvent(recorded);
    const at = recorded.metadata.recordedAt;
    switch (event.type) {
      case 'WebhookEndpointCreated': {
        const { webhookId, organizationId, url, events, createdAt } = event.data;
        return [
          putEndpoint({ id: webhookId, organizationId, url, events, status: 'active', secretVersion: 0, createdAt, updatedAt: createdAt }),
          putSubscribers(organizationId, [...subscribersOf(reader, organizationId), { id: webhookId, events }]),
        ];
      }
      case 'WebhookSecretRotated': {
        const current = reader.get(ENDPOINTS, event.data.webhookId);
        return current ? [putEndpoint({ ...current, secretVersion: event.data.secretVersion, updatedAt: at })] : [];
      }
      case 'WebhookEndpointDisabled':
      case 'WebhookEndpointDeleted': {
        const { webhookId, organizationId } = event.data;
        const remaining = putSubscribers(
          organizationId,
          subscribersOf(reader, organizationId).filter((endpoint) => endpoint.id !== webhookId),
        );
        if (event.type === 'WebhookEndpointDeleted') return [{ kind: 'delete', collection: ENDPOINTS, id: webhookId }, remaining];
        const current = reader.get(ENDPOINTS, webhookId);
        return current ? [putEndpoint({ ...current, status: 'disabled', disabledReason: event.data.reason, updatedAt: at }), remaining] : [remaining];
      }
      case 'WebhookDeliveryAttempted': {
        const current = reader.get(DELIVERIES, event.data.deliveryId);
        if (!current) return [];
        const { attempt, outcome, status, error, durationMs, attemptedAt, nextAttemptAt } = event.data;
        const attempts = [
          ...((current['attempts'] as Doc[] | undefined) ?? []),
          { attempt, outcome, status, ...(error ? { error } : {}), durationMs, attemptedAt },
        ];
        const state = outcome === 'delivered' ? 'delivered' : nextAttemptAt ? 'pending' : 'failed';
        return [putDelivery({ ...current, attempts, status: state, nextAttemptAt, updatedAt: attemptedAt })];
      }
      case 'WebhookDeliveryRetryRequested': {
        const current = reader.get(DELIVERIES, event.data.deliveryId);
        return current
          ? [
              putDelivery({
                ...current,
                status: 'pending',
                nextAttemptAt: event.data.requestedAt,
                retryFrom: ((current['attempts'] as Doc[] | undefined) ?? []).length,
                updatedAt: at,
              }),
            ]
          : [];
      }
      case 'WebhookDeliveryAbandoned': {
        const current = reader.get(DELIVERIES, event.data.deliveryId);
        return current ? [putDelivery({ ...current, status: 'abandoned', nextAttemptAt: null, abandonedReason: event.data.reason, updatedAt: at })] : [];
      }
    }
    const announced = webhookEventOf(event);
    const organizationId = recorded.metadata.organizationId;
    if (!announced || !organizationId) return [];
    return subscribersOf(reader, organizationId)
      .filter((endpoint) => endpoint.events.length === 0 || endpoint.events.includes(announced.type))
      .map((endpoint) =>
        putDelivery({
          id: deliveryIdOf(endpoint.id, recorded.id),
          webhookId: endpoint.id,
          organizationId,
          eventType: announced.type,
          resourceKind: announced.resourceKind,
          resourceId: announced.resourceId,
          sourceEventId: recorded.id,
          sourceRecordedAt: at,
          status: 'pending',
          attempts: [],
          nextAttemptAt: at,
          createdAt: at,
          updatedAt: at,
        }),
      );
  },
};

export const getWebhook = (space: ReadModelSpace, webhookId: string) => space.get(ENDPOINTS, webhookId);
export const getDelivery = (space: ReadModelSpace, deliveryId: string) => space.get(DELIVERIES, deliveryId);

export const listWebhooks = (space: ReadModelSpace, organizationId: string, page: { limit: number; cursor?: string | undefined }) =>
  space.list(ENDPOINTS, { index: organizationIndex(organizationId), limit: page.limit, ...(page.cursor ? { cursor: page.cursor } : {}) });

export const listDeliveries = (space: ReadModelSpace, webhookId: string, page: { limit: number; cursor?: string | undefined }) =>
  space.list(DELIVERIES, { index: endpointIndex(webhookId), limit: page.limit, ...(page.cursor ? { cursor: page.cursor } : {}) });

/** Every delivery still to make, oldest first (the order events happened in). */
export async function pendingDeliveries(space: ReadModelSpace): Promise<Doc[]> {
  const pending: Doc[] = [];
  let cursor: string | undefined;
  do {
    const page = await space.list(DELIVERIES, { index: PENDING, limit: 500, ...(cursor ? { cursor } : {}) });
    pending.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return pending.reverse();
}
