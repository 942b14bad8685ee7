import { z } from 'zod';
import { readFeed } from '../../projections/organization-feed.ts';
import { type ApiContext, requireCaller } from '../api-context.ts';
import { defineRoute } from '../route.ts';
import { ErrorBody, limitParam } from '../schemas.ts';

const FeedQuery = z.object({
  after: z.coerce
    .number({ error: 'after must be a non-negative integer' })
    .int('after must be a non-negative integer')
    .min(0, 'after must be a non-negative integer')
    .default(0),
  limit: limitParam(200, 50),
});

const FeedEntry = z
  .object({
    sequence: z.number().int(),
    type: z.string(),
    stream: z.string(),
    data: z.record(z.string(), z.unknown()),
    correlationId: z.string(),
    recordedAt: z.string(),
  })
  .meta({ id: 'FeedEntry' });

export const eventRoutes = (api: ApiContext) => [
  defineRoute({
    method: 'get',
    path: '/v1/events',
    summary: "The organization's own events in order; pass the last `sequence` seen as `after` to follow",
    tag: 'Events',
    auth: 'apiKey',
    query: FeedQuery,
    responses: {
      200: { description: 'Events after `after`, oldest first', schema: z.object({ data: z.array(FeedEntry), next: z.number().int() }) },
      400: { description: 'Invalid query', schema: ErrorBody },
      401: { description: 'Missing or invalid API key', schema: ErrorBody },
    },
    async handle({ query }, context) {
      const caller = requireCaller(context.caller);
      const { after, limit } = query as z.infer<typeof FeedQuery>;
      const entries = await readFeed(await api.readStore.active(), caller.organizationId, after, limit);
      const data = entries.map(({ organizationId: _org, ...entry }) => entry);
      return { status: 200, body: { data, next: after + data.length } };
    },
  }),
];
