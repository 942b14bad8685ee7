import { createHmac } from 'node:crypto';
import { type WebhookEventType, webhookStreamName } from '../domain/webhook.ts';
import type { EventStore } from '../ports/event-store.ts';
import { type CommandContext, createOnce, type NewId } from './handle-command.ts';
import { deliveryCommands, webhookCommands } from './streams.ts';

// Webhook use cases: register an endpoint (its signing secret shown once), rotate the secret,
// delete, and ask for another delivery attempt. Secrets are never stored, in events or elsewhere:
// each is derived from the service's webhook key, the endpoint and the secret's version, so the
// delivery worker derives the same one and a rotation simply moves to the next version.

type Acting = CommandContext & { organizationId: string };

/** The Standard Webhooks secret (`whsec_` + base64 of 32 bytes) of an endpoint's secret version. */
export const webhookSecret = (key: string, webhookId: string, version: number): string =>
  `whsec_${createHmac('sha256', key).update(`webhook:${webhookId}:${version}`).digest('base64')}`;

export const createWebhook = (store: EventStore, webhookId: NewId, endpoint: { url: string; events: WebhookEventType[] }, context: Acting) =>
  createOnce(store, webhookStreamName(webhookId.id), webhookId, context.organizationId, () =>
    webhookCommands.handle(
      store,
      webhookId.id,
      { type: 'CreateWebhook', webhookId: webhookId.id, organizationId: context.organizationId, ...endpoint, now: context.now },
      context,
    ),
  );

export const rotateWebhookSecret = (store: EventStore, webhookId: string, context: Acting) =>
  webhookCommands.handle(store, webhookId, { type: 'RotateSecret', organizationId: context.organizationId, now: context.now }, context);

export const deleteWebhook = (store: EventStore, webhookId: string, context: Acting) =>
  webhookCommands.handle(store, webhookId, { type: 'DeleteWebhook', organizationId: context.organizationId, now: context.now }, context);

export const retryDelivery = (store: EventStore, deliveryId: string, context: Acting) =>
  deliveryCommands.handle(store, deliveryId, { type: 'RequestRetry', organizationId: context.organizationId, now: context.now }, context);
