import { z } from 'zod';
import type { ApiContext } from '../api-context.ts';
import { buildOpenApi } from '../openapi.ts';
import { defineRoute, type RouteDefinition } from '../route.ts';
import { apiKeyRoutes } from './api-keys.ts';
import { eventRoutes } from './events.ts';
import { generatedResourceRoutes } from './generated-resources.ts';
import { organizationRoutes } from './organizations.ts';
import { sourceRoutes } from './sources.ts';
import { uploadRoutes } from './uploads.ts';
import { webhookRoutes } from './webhooks.ts';
import type { StorageNotifications } from '../../ports/storage-notifications.ts';
import { storageNotificationRoutes } from './storage-notifications.ts';

export type Readiness = () => Promise<{ ready: boolean; degraded: boolean; checks: Record<string, string> }>;

const Health = z.object({ status: z.string() });
const Ready = z.object({
  ready: z.boolean(),
  degraded: z.boolean().describe('true while events are parked: every other event is projected, so the service stays ready'),
  checks: z.record(z.string(), z.string()),
});

export function allRoutes(api: ApiContext, readiness: Readiness, notifications: StorageNotifications | null = null): RouteDefinition[] {
  const routes: RouteDefinition[] = [
    ...organizationRoutes(api),
    ...apiKeyRoutes(api),
    ...sourceRoutes(api),
    ...uploadRoutes(api),
    ...generatedResourceRoutes(api),
    ...eventRoutes(api),
    ...webhookRoutes(api),
    ...(notifications ? storageNotificationRoutes(notifications) : []),
    defineRoute({
      method: 'get',
      path: '/healthz',
      summary: 'Liveness: the process answers',
      tag: 'Operations',
      auth: 'none',
      responses: { 200: { description: 'Alive', schema: Health } },
      handle: async () => ({ status: 200, body: { status: 'ok' } }),
    }),
    defineRoute({
      method: 'get',
      path: '/readyz',
      summary: 'Readiness: event store and read store answer and the projector is neither failing nor far behind; degraded while events are parked',
      tag: 'Operations',
      auth: 'none',
      responses: { 200: { description: 'Ready', schema: Ready }, 503: { description: 'Not ready', schema: Ready } },
      async handle() {
        const result = await readiness();
        return { status: result.ready ? 200 : 503, body: result };
      },
    }),
  ];
  let document: unknown;
  routes.push(
    defineRoute({
      method: 'get',
      path: '/v1/openapi.json',
      summary: 'This API description (OpenAPI 3.1.0)',
      tag: 'Operations',
      auth: 'none',
      responses: { 200: { description: 'The OpenAPI document' } },
      async handle() {
        document ??= buildOpenApi(routes);
        return { status: 200, body: document };
      },
    }),
  );
  return routes;
}
