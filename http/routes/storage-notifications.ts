import { z } from 'zod';
import type { StorageNotifications } from '../../ports/storage-notifications.ts';
import { HttpError } from '../http-error.ts';
import { defineRoute } from '../route.ts';
import { ErrorBody } from '../schemas.ts';

// Pub/Sub pushes Cloud Storage object-finalize notifications here; a finished upload moves its
// source to processing with no client call. 2xx acknowledges; anything else makes Pub/Sub retry.

const UPLOAD_KEY = /^uploads\/[A-Za-z0-9-]+\/([A-Za-z0-9-]+)$/;

export const storageNotificationRoutes = (notifications: StorageNotifications) => [
  defineRoute({
    method: 'post',
    path: '/v1/internal/gcs-notifications',
    summary: 'Cloud Storage object-finalize notifications pushed by Pub/Sub (OIDC token or ?token=)',
    tag: 'Operations',
    auth: 'none',
    body: z.record(z.string(), z.unknown()),
    responses: {
      200: { description: 'Acknowledged', schema: z.object({ outcome: z.string() }) },
      400: { description: 'Not a push message', schema: ErrorBody },
      401: { description: 'Not authenticated as the push subscription', schema: ErrorBody },
    },
    async handle({ body, query, req }, context) {
      const { authorization } = req.headers;
      const verdict = await notifications.verify({ ...(authorization ? { authorization } : {}), query, body });
      if (!verdict.ok) throw new HttpError(verdict.status, verdict.reason);
      const sourceId = verdict.object ? UPLOAD_KEY.exec(verdict.object.name)?.[1] : undefined;
      if (!sourceId) return { status: 200, body: { outcome: 'ignored' } };
      return { status: 200, body: { outcome: await notifications.complete(sourceId, context.correlationId) } };
    },
  }),
];
