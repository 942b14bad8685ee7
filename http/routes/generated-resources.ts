import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { handleCommand } from '../../commands/handle-command.ts';
import { generationDecider, generationNames, generationStreamName } from '../../domain/generation.ts';
import { DEFAULT_QUESTIONS, type GenerationKind } from '../../domain/learning-content.ts';
import type { Doc } from '../../ports/read-store.ts';
import { type ApiContext, getOwned, present, requireCaller } from '../api-context.ts';
import { HttpError } from '../http-error.ts';
import { defineRoute, type RouteContext, type RouteDefinition } from '../route.ts';
import { dataOf, ErrorBody, FlashcardSet, FlashcardsBody, listOf, MessageBody, Mindmap, MindmapBody, Pagination, Quiz, QuizBody } from '../schemas.ts';
import { listPage } from './sources.ts';

const HIDDEN = ['kind', 'attempt', 'generator'] as const;

const kinds: Record<
  GenerationKind,
  { plural: string; label: string; idParam: string; body: z.ZodObject; schema: { single: z.ZodType; listItem: z.ZodType } }
> = {
  flashcards: { plural: 'flashcards', label: 'flashcard set', idParam: 'flashcardId', body: FlashcardsBody, schema: FlashcardSet },
  mindmap: { plural: 'mindmaps', label: 'mindmap', idParam: 'mindmapId', body: MindmapBody, schema: Mindmap },
  quiz: { plural: 'quizzes', label: 'quiz', idParam: 'quizId', body: QuizBody, schema: Quiz },
};

const unauthorized = { 401: { description: 'Missing or invalid API key', schema: ErrorBody } };
const ListQuery = Pagination.extend({ sourceId: z.string().min(1).max(100).optional() });

export const generatedResourceRoutes = (api: ApiContext): RouteDefinition[] =>
  (Object.keys(kinds) as GenerationKind[]).flatMap((kind) => routesFor(api, kind));

function routesFor(api: ApiContext, kind: GenerationKind): RouteDefinition[] {
  const { plural, label, idParam, body, schema } = kinds[kind];
  const { collection } = generationNames[kind];
  const byId = {
    ...unauthorized,
    403: { description: `Another organization's ${label}`, schema: ErrorBody },
    404: { description: `Unknown ${label}`, schema: ErrorBody },
  };
  const IdParams = z.object({ [idParam]: z.string().min(1).max(100) });

  const waitUntilSettled = async (id: string, context: RouteContext): Promise<Doc> => {
    const caller = requireCaller(context.caller);
    const deadline = Date.now() + api.limits.generationWaitMs;
    for (let delay = 20; ; delay = Math.min(delay * 2, 250)) {
      const doc = await getOwned(api.readStore, collection, id, caller, label);
      if (doc['status'] !== 'generating' || Date.now() >= deadline) return doc;
      await sleep(Math.min(delay, Math.max(1, deadline - Date.now())));
    }
  };

  return [
    defineRoute({
      method: 'post',
      path: `/v1/sources/:sourceId/${plural}`,
      summary: `Generate a ${label} from a source`,
      tag: capitalise(plural),
      auth: 'apiKey',
      params: z.object({ sourceId: z.string().min(1).max(100) }),
      body,
      responses: {
        200: { description: `The finished ${label} (or failed, with error)`, schema: dataOf(schema.single) },
        202: { description: `Still generating: poll GET /v1/${plural}/{id}`, schema: dataOf(schema.single) },
        400: { description: 'Invalid body', schema: ErrorBody },
        ...unauthorized,
        403: { description: "Another organization's source", schema: ErrorBody },
        404: { description: 'Unknown source', schema: ErrorBody },
        409: { description: 'The source failed to index', schema: ErrorBody },
        429: { description: 'Too many generations in progress for this organization', schema: ErrorBody },
      },
      async handle({ params, body: parsed }, context) {
        const caller = requireCaller(context.caller);
        const sourceId = String(params['sourceId']);
        const source = await getOwned(api.readStore, 'sources', sourceId, caller, 'source');
        if (source['status'] === 'failed') {
          throw new HttpError(409, `the source failed to index: ${String(source['error'] ?? 'unknown reason')}`);
        }
        await enforceGenerationQuota(api, caller.organizationId);
        const request = parsed as { difficulty: 'easy' | 'medium' | 'hard'; numberOfQuestions?: number };
        const id = randomUUID();
        const result = await handleCommand(
          api.eventStore,
          generationStreamName(kind, id),
          generationDecider(kind),
          {
            type: 'RequestGeneration',
            request: {
              id,
              organizationId: caller.organizationId,
              sourceId,
              difficulty: request.difficulty,
              ...(kind === 'quiz' ? { numberOfQuestions: request.numberOfQuestions ?? DEFAULT_QUESTIONS } : {}),
            },
            now: context.now(),
          },
          { correlationId: context.correlationId, organizationId: caller.organizationId, actorKeyId: caller.keyId, now: context.now() },
        );
        await api.awaitProjection(result.checkpoint);
        const doc = await waitUntilSettled(id, context);
        return { status: doc['status'] === 'generating' ? 202 : 200, body: { data: present(doc, 'id', HIDDEN) } };
      },
    }),

    defineRoute({
      method: 'get',
      path: `/v1/${plural}`,
      summary: `List the organization's ${plural}, newest first`,
      tag: capitalise(plural),
      auth: 'apiKey',
      query: ListQuery,
      responses: { 200: { description: `A page of ${plural}`, schema: listOf(schema.listItem) }, 400: { description: 'Invalid query', schema: ErrorBody }, ...unauthorized },
      async handle({ query }, context) {
        const caller = requireCaller(context.caller);
        const { limit, cursor, sourceId } = query as z.infer<typeof ListQuery>;
        const index = sourceId ? `org:${caller.organizationId}:source:${sourceId}` : `org:${caller.organizationId}`;
        const page = await listPage(api, collection, index, limit, cursor);
        return { status: 200, body: { data: page.items.map((doc) => present(doc, '_id', HIDDEN)), ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) } };
      },
    }),

    defineRoute({
      method: 'get',
      path: `/v1/${plural}/:${idParam}`,
      summary: `Get a ${label}`,
      tag: capitalise(plural),
      auth: 'apiKey',
      params: IdParams,
      responses: { 200: { description: `The ${label}`, schema: dataOf(schema.single) }, ...byId },
      async handle({ params }, context) {
        const doc = await getOwned(api.readStore, collection, String(params[idParam]), requireCaller(context.caller), label);
        return { status: 200, body: { data: present(doc, 'id', HIDDEN) } };
      },
    }),

    defineRoute({
      method: 'delete',
      path: `/v1/${plural}/:${idParam}`,
      summary: `Delete a ${label}`,
      tag: capitalise(plural),
      auth: 'apiKey',
      params: IdParams,
      responses: { 200: { description: 'Deleted', schema: MessageBody }, ...byId },
      async handle({ params }, context) {
        const caller = requireCaller(context.caller);
        const id = String(params[idParam]);
        await getOwned(api.readStore, collection, id, caller, label);
        const result = await handleCommand(
          api.eventStore,
          generationStreamName(kind, id),
          generationDecider(kind),
          { type: 'DeleteGeneration', organizationId: caller.organizationId, now: context.now() },
          { correlationId: context.correlationId, organizationId: caller.organizationId, actorKeyId: caller.keyId, now: context.now() },
        );
        await api.awaitProjection(result.checkpoint);
        return { status: 200, body: { message: `${label} deleted` } };
      },
    }),
  ];
}

/** An organization may have at most `maxConcurrentGenerations` generations in progress at once. */
async function enforceGenerationQuota(api: ApiContext, organizationId: string) {
  const max = api.limits.maxConcurrentGenerations;
  const space = await api.readStore.active();
  let inProgress = 0;
  for (const { collection } of Object.values(generationNames)) {
    inProgress += (await space.list(collection, { index: `org:${organizationId}:generating`, limit: max + 1 })).items.length;
  }
  if (inProgress >= max) {
    throw new HttpError(429, `${inProgress} generations are in progress for this organization (the limit is ${max}); retry when one has finished`, {
      'Retry-After': '5',
    });
  }
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
