import { z } from 'zod';
import { createWebhook, deleteWebhook, retryDelivery, rotateWebhookSecret, webhookSecret } from '../../commands/webhooks.ts';
import { webhookEventTypes } from '../../domain/webhook.ts';
import { present } from '../../projections/public-view.ts';
import { getDelivery, getWebhook, listDeliveries, listWebhooks } from '../../projections/webhooks.ts';
import { answerWrite, type ApiContext, callerContext, owned, requireCaller } from '../api-context.ts';
import { HttpError } from '../http-error.ts';
import type { RouteContext } from '../route.ts';
import { defineRoute } from '../route.ts';
import { dataOf, ErrorBody, listOf, MessageBody, Pagination } from '../schemas.ts';

// Webhook endpoints (Standard Webhooks): register, list, get, delete, rotate the signing secret,
// and the deliveries of each with every attempt, newest first; a failed delivery can be retried.

const HIDDEN = ['secretVersion'] as const;
const DELIVERY_HIDDEN = ['organizationId', 'sourceEventId', 'resourceKind', 'retryFrom'] as const;

const CreateWebhookBody = z.strictObject({
  url: z.string({ error: 'url is required and must be a string' }).trim().min(1, 'url is required').max(2048, 'url is too long'),
  events: z
    .array(z.enum(webhookEventTypes, { error: `events must be some of ${webhookEventTypes.join(', ')}` }), { error: 'events must be an array of event types' })
    .max(webhookEventTypes.length, 'events lists an event type twice')
    .refine((events) => new Set(events).size === events.length, 'events lists an event type twice')
    .default([])
    .describe('the event types to receive; empty or absent for all'),
});

const Webhook = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.string()),
    status: z.enum(['active', 'disabled']),
    disabledReason: z.string().optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Webhook' });
const WebhookWithSecret = Webhook.extend({ secret: z.string().describe('whsec_…: shown only in this answer; verify deliveries with it') }).meta({
  id: 'WebhookWithSecret',
});
const WebhookListItem = Webhook.omit({ id: true }).extend({ _id: z.string() }).meta({ id: 'WebhookListItem' });
const Attempt = z.object({
  attempt: z.number(),
  outcome: z.enum(['delivered', 'failed']),
  status: z.number().nullable(),
  error: z.string().optional(),
  durationMs: z.number(),
  attemptedAt: z.string(),
});
const Delivery = z
  .object({
    _id: z.string(),
    webhookId: z.string(),
    eventType: z.string(),
    resourceId: z.string(),
    status: z.enum(['pending', 'delivered', 'failed', 'abandoned']),
    attempts: z.array(Attempt),
    nextAttemptAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'WebhookDelivery' });

const WebhookParams = z.object({ webhookId: z.string().min(1).max(100) });
const DeliveryParams = WebhookParams.extend({ deliveryId: z.string().min(1).max(200) });
const unauthorized = { 401: { description: 'Missing or invalid API key', schema: ErrorBody } };
const byId = {
  ...unauthorized,
  403: { description: "Another organization's webhook", schema: ErrorBody },
  404: { description: 'Unknown webhook', schema: ErrorBody },
};

export const webhookRoutes = (api: ApiContext) => {
  const ownedWebhook = async (webhookId: string, context: RouteContext) =>
    owned(await getWebhook(await api.readStore.active(), webhookId), requireCaller(context.caller), 'webhook');
  const secretOf = (webhookId: string, version: number) => webhookSecret(api.webhooks.signingKey, webhookId, version);

  return [
    defineRoute({
      method: 'post',
      path: '/v1/webhooks',
      summary: 'Register a webhook endpoint; its signing secret is in this answer only',
      tag: 'Webhooks',
      auth: 'apiKey',
      body: CreateWebhookBody,
      responses: {
        201: { description: 'The endpoint and its secret', schema: dataOf(WebhookWithSecret) },
        202: { description: 'The endpoint and its secret; listed once the read models catch up', schema: dataOf(WebhookWithSecret) },
        400: { description: 'Invalid body, or a URL that is not https or points at a private address', schema: ErrorBody },
        ...unauthorized,
      },
      async handle({ body }, context) {
        const { url, events } = body as z.infer<typeof CreateWebhookBody>;
        const refusal = await api.webhooks.refusal(url);
        if (refusal) throw new HttpError(400, refusal.startsWith('url') ? refusal : `url cannot be used: ${refusal}`);
        const webhookId = context.newId();
        const callerNow = callerContext(context);
        const written = await createWebhook(api.eventStore, webhookId, { url, events }, callerNow);
        const shown = {
          id: webhookId.id,
          url,
          events,
          status: 'active',
          createdAt: callerNow.now,
          updatedAt: callerNow.now,
          secret: secretOf(webhookId.id, 1),
        };
        return answerWrite(api, context, written.checkpoint, { status: 202, body: { data: shown } }, async () => ({ status: 201, body: { data: shown } }));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/webhooks',
      summary: "List the organization's webhook endpoints, newest first",
      tag: 'Webhooks',
      auth: 'apiKey',
      query: Pagination,
      responses: {
        200: { description: 'A page of endpoints', schema: listOf(WebhookListItem) },
        400: { description: 'Invalid query', schema: ErrorBody },
        ...unauthorized,
      },
      async handle({ query }, context) {
        const { limit, cursor } = query as z.infer<typeof Pagination>;
        const page = await listWebhooks(await api.readStore.active(), requireCaller(context.caller).organizationId, { limit, cursor });
        return {
          status: 200,
          body: { data: page.items.map((doc) => present(doc, '_id', HIDDEN)), ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) },
        };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/webhooks/:webhookId',
      summary: 'Get a webhook endpoint and its status',
      tag: 'Webhooks',
      auth: 'apiKey',
      params: WebhookParams,
      responses: { 200: { description: 'The endpoint', schema: dataOf(Webhook) }, ...byId },
      async handle({ params }, context) {
        return { status: 200, body: { data: present(await ownedWebhook(String(params['webhookId']), context), 'id', HIDDEN) } };
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/webhooks/:webhookId',
      summary: 'Delete a webhook endpoint; its pending deliveries are abandoned',
      tag: 'Webhooks',
      auth: 'apiKey',
      params: WebhookParams,
      responses: { 200: { description: 'Deleted', schema: MessageBody }, ...byId },
      async handle({ params }, context) {
        const result = await deleteWebhook(api.eventStore, String(params['webhookId']), callerContext(context));
        return answerWrite(api, context, result.checkpoint, { status: 200, body: { message: 'webhook deleted' } });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/webhooks/:webhookId/rotateSecret',
      summary: 'Replace the signing secret; deliveries are signed with the new one from now on',
      tag: 'Webhooks',
      auth: 'apiKey',
      params: WebhookParams,
      responses: {
        200: { description: 'The new secret, shown only in this answer', schema: dataOf(z.object({ id: z.string(), secret: z.string() })) },
        ...byId,
      },
      async handle({ params }, context) {
        const webhookId = String(params['webhookId']);
        const result = await rotateWebhookSecret(api.eventStore, webhookId, callerContext(context));
        const version = result.state.status === 'active' || result.state.status === 'disabled' ? result.state.secretVersion : 0;
        return answerWrite(api, context, result.checkpoint, { status: 200, body: { data: { id: webhookId, secret: secretOf(webhookId, version) } } });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/webhooks/:webhookId/deliveries',
      summary: 'The deliveries to an endpoint, newest first, each with every attempt',
      tag: 'Webhooks',
      auth: 'apiKey',
      params: WebhookParams,
      query: Pagination,
      responses: { 200: { description: 'A page of deliveries', schema: listOf(Delivery) }, 400: { description: 'Invalid query', schema: ErrorBody }, ...byId },
      async handle({ params, query }, context) {
        const webhookId = String(params['webhookId']);
        await ownedWebhook(webhookId, context);
        const { limit, cursor } = query as z.infer<typeof Pagination>;
        const page = await listDeliveries(await api.readStore.active(), webhookId, { limit, cursor });
        return {
          status: 200,
          body: { data: page.items.map((doc) => present(doc, '_id', DELIVERY_HIDDEN)), ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) },
        };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/webhooks/:webhookId/deliveries/:deliveryId/retry',
      summary: 'Attempt a failed or abandoned delivery again, now, with the same webhook-id',
      tag: 'Webhooks',
      auth: 'apiKey',
      params: DeliveryParams,
      responses: { 202: { description: 'Queued', schema: MessageBody }, ...byId, 409: { description: 'Already delivered', schema: ErrorBody } },
      async handle({ params }, context) {
        const webhookId = String(params['webhookId']);
        await ownedWebhook(webhookId, context);
        const delivery = await getDelivery(await api.readStore.active(), String(params['deliveryId']));
        if (!delivery || delivery['webhookId'] !== webhookId) throw new HttpError(404, 'delivery not found');
        const result = await retryDelivery(api.eventStore, String(delivery['id']), callerContext(context));
        return answerWrite(api, context, result.checkpoint, { status: 202, body: { message: 'the delivery will be attempted again' } });
      },
    }),
  ];
};
