import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { deliveryCommands, webhookCommands } from '../../commands/streams.ts';
import { webhookSecret } from '../../commands/webhooks.ts';
import { ConflictError } from '../../domain/errors.ts';
import type { ResourceKind } from '../../domain/webhook.ts';
import { ConcurrencyError, type EventStore } from '../../ports/event-store.ts';
import type { Doc, ReadStore } from '../../ports/read-store.ts';
import { getGeneration } from '../../projections/generated-resources.ts';
import { GENERATED_INTERNAL, present, SOURCE_INTERNAL } from '../../projections/public-view.ts';
import { getSource } from '../../projections/sources.ts';
import { getWebhook, pendingDeliveries } from '../../projections/webhooks.ts';

// Delivers webhooks (Standard Webhooks: `webhook-id`, `webhook-timestamp`, `webhook-signature`
// = v1,base64 HMAC-SHA256 of "id.timestamp.body"). The pending deliveries come from the read models
// (projections/webhooks.ts); each attempt is recorded as an event on the delivery's own stream,
// appended with the stream's expected version, so two workers never both record an attempt and a
// restarted worker resumes from the last one. A send whose outcome could not be recorded (a crash, a
// lost race) may be repeated: at least once, and a repeat is the same `webhook-id`. Deliveries about
// one resource go out in the order its events happened: a later one waits while an earlier one is due.

/** Sends one request; resolves with the receiver's status, rejects when no answer came. */
export type WebhookPost = (url: string, body: string, headers: Record<string, string>, timeoutMs: number) => Promise<{ status: number }>;

export type WebhookWorkerOptions = {
  eventStore: EventStore;
  readStore: ReadStore;
  logger: Logger;
  post: WebhookPost;
  /** The key every endpoint's secret is derived from (commands/webhooks.ts). */
  secretKey: string;
  /** Seconds to wait before each attempt: the first (usually 0), then after each failure; past the last, the delivery fails and its endpoint is disabled. */
  schedule: number[];
  timeoutMs: number;
  pollMs?: number;
  /** Deliveries (about different resources) in flight at once. */
  concurrency?: number;
  clock?: () => Date;
  onOutcome?: (outcome: 'delivered' | 'failed', seconds: number) => void;
};

export type WebhookWorker = { stop(): Promise<void> };

const sign = (secret: string, id: string, timestamp: number, body: string) =>
  `v1,${createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
    .update(`${id}.${timestamp}.${body}`)
    .digest('base64')}`;

export function startWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const now = () => (options.clock ?? (() => new Date()))();
  let stopped = false;
  const stopping = new AbortController();

  async function payloadOf(delivery: Doc): Promise<string> {
    const kind = delivery['resourceKind'] as ResourceKind;
    const space = await options.readStore.active();
    const resourceId = String(delivery['resourceId']);
    const resource = await (kind === 'source' ? getSource(space, resourceId) : getGeneration(space, kind, resourceId));
    const data =
      resource && delivery['eventType'] !== 'source.deleted'
        ? present(resource, 'id', kind === 'source' ? SOURCE_INTERNAL : GENERATED_INTERNAL)
        : { id: delivery['resourceId'] };
    return JSON.stringify({ type: delivery['eventType'], timestamp: delivery['sourceRecordedAt'], data });
  }

  async function attempt(delivery: Doc, endpoint: Doc, round: number): Promise<boolean> {
    const deliveryId = String(delivery['id']);
    const body = await payloadOf(delivery);
    const timestamp = Math.floor(now().getTime() / 1000);
    const secret = webhookSecret(options.secretKey, String(endpoint['id']), Number(endpoint['secretVersion']));
    const headers = {
      'content-type': 'application/json',
      'webhook-id': deliveryId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': sign(secret, deliveryId, timestamp, body),
    };
    const started = performance.now();
    let status: number | null = null;
    let error: string | undefined;
    try {
      status = (await options.post(String(endpoint['url']), body, headers, options.timeoutMs)).status;
      if (status < 200 || status >= 300) error = `the endpoint answered with status ${status}`;
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
    }
    const durationMs = Math.round(performance.now() - started);
    const delivered = error === undefined;
    const wait = options.schedule[round];
    const nextAttemptAt = delivered || wait === undefined ? null : new Date(now().getTime() + wait * 1000).toISOString();
    const identity = { deliveryId, webhookId: String(delivery['webhookId']), organizationId: String(delivery['organizationId']) };
    try {
      await deliveryCommands.handle(
        options.eventStore,
        deliveryId,
        {
          type: 'RecordAttempt',
          deliveryId,
          attempt: {
            ...identity,
            eventType: String(delivery['eventType']),
            resourceId: String(delivery['resourceId']),
            sourceEventId: String(delivery['sourceEventId']),
            sourceRecordedAt: String(delivery['sourceRecordedAt']),
            outcome: delivered ? 'delivered' : 'failed',
            status,
            ...(error ? { error: error.slice(0, 500) } : {}),
            durationMs,
            nextAttemptAt,
          },
          now: now().toISOString(),
        },
        { correlationId: deliveryId, organizationId: identity.organizationId, now: now().toISOString() },
        { retryOnConflict: false },
      );
    } catch (failure) {
      // Another worker recorded this attempt first: its record stands.
      if (failure instanceof ConcurrencyError || failure instanceof ConflictError) return delivered;
      throw failure;
    }
    options.onOutcome?.(delivered ? 'delivered' : 'failed', durationMs / 1000);
    if (!delivered && nextAttemptAt === null) {
      await webhookCommands.handle(
        options.eventStore,
        identity.webhookId,
        {
          type: 'DisableWebhook',
          reason: `delivery ${deliveryId} failed ${round} times in a row, the last time: ${error}`.slice(0, 500),
          now: now().toISOString(),
        },
        { correlationId: deliveryId, organizationId: identity.organizationId, now: now().toISOString() },
      );
      options.logger.warn({ webhookId: identity.webhookId, deliveryId }, 'webhook endpoint disabled after repeated failures');
    }
    return delivered;
  }

  async function abandon(delivery: Doc, reason: string) {
    const identity = { deliveryId: String(delivery['id']), webhookId: String(delivery['webhookId']), organizationId: String(delivery['organizationId']) };
    await deliveryCommands
      .handle(
        options.eventStore,
        identity.deliveryId,
        { type: 'Abandon', delivery: identity, reason, now: now().toISOString() },
        { correlationId: identity.deliveryId, organizationId: identity.organizationId, now: now().toISOString() },
      )
      .catch((error: unknown) => {
        if (!(error instanceof ConcurrencyError)) throw error;
      });
  }

  // The read models say which deliveries are pending; the delivery's own stream says how many
  // attempts were made and when the next is due, so a read model lagging behind the last attempt
  // never hurries the backoff. Per resource, only its oldest pending delivery is attempted in a
  // round (order); different resources' deliveries go out `concurrency` at a time.
  async function round(): Promise<void> {
    const space = await options.readStore.active();
    const seen = new Set<string>();
    const due: Array<() => Promise<unknown>> = [];
    for (const delivery of await pendingDeliveries(space)) {
      const resource = `${String(delivery['webhookId'])}:${String(delivery['resourceId'])}`;
      if (seen.has(resource)) continue;
      seen.add(resource);
      due.push(async () => {
        const { state } = await deliveryCommands.load(options.eventStore, String(delivery['id']));
        if (state.status !== 'none' && state.status !== 'pending') return;
        const dueAt = state.status === 'none' ? String(delivery['createdAt']) : String(state.nextAttemptAt);
        if (Date.parse(dueAt) > now().getTime()) return;
        const endpoint = await getWebhook(space, String(delivery['webhookId']));
        if (!endpoint || endpoint['status'] !== 'active') return abandon(delivery, endpoint ? 'the endpoint is disabled' : 'the endpoint was deleted');
        const made = state.status === 'none' ? 0 : state.attempts - state.retryFrom;
        return attempt(delivery, endpoint, made + 1);
      });
    }
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(options.concurrency ?? 8, due.length) }, async () => {
        while (next < due.length && !stopped) await (due[next++] as () => Promise<unknown>)();
      }),
    );
  }

  const running = (async () => {
    while (!stopped) {
      try {
        await round();
      } catch (error) {
        options.logger.warn({ err: error }, 'webhook delivery round failed; retrying');
      }
      await sleep(options.pollMs ?? 250, undefined, { signal: stopping.signal }).catch(() => undefined);
    }
  })();

  return {
    async stop() {
      stopped = true;
      stopping.abort();
      await running;
    },
  };
}
