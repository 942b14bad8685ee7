import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { deleteGeneration, requestGeneration } from '../../commands/generations.ts';
import { generationNames } from '../../domain/generation.ts';
import { FlashcardSetContent, type GenerationKind, MindmapContent, QuizContent } from '../../domain/learning-content.ts';
import type { Doc } from '../../ports/read-store.ts';
import { getGeneration, listGenerations } from '../../projections/generated-resources.ts';
import { previewDocument } from '../../projections/preview.ts';
import { GENERATED_INTERNAL, present } from '../../projections/public-view.ts';
import { answerWrite, type ApiContext, callerContext, owned, requireCaller } from '../api-context.ts';
import { defineRoute, type RouteContext, type RouteDefinition } from '../route.ts';
import { exporters, exportFileName, exportFormats, type Exporter } from '../exports/index.ts';
import { HttpError } from '../http-error.ts';
import { dataOf, ErrorBody, FlashcardSet, FlashcardsBody, listOf, MessageBody, Mindmap, MindmapBody, Pagination, Quiz, QuizBody } from '../schemas.ts';

const HIDDEN = GENERATED_INTERNAL;

const kinds: Record<GenerationKind, { plural: string; label: string; idParam: string; body: z.ZodObject; schema: { single: z.ZodType; listItem: z.ZodType } }> =
  {
    flashcards: { plural: 'flashcards', label: 'flashcard set', idParam: 'flashcardId', body: FlashcardsBody, schema: FlashcardSet },
    mindmap: { plural: 'mindmaps', label: 'mindmap', idParam: 'mindmapId', body: MindmapBody, schema: Mindmap },
    quiz: { plural: 'quizzes', label: 'quiz', idParam: 'quizId', body: QuizBody, schema: Quiz },
  };

const contentSchemas = { flashcards: FlashcardSetContent, quiz: QuizContent, mindmap: MindmapContent } as const;
const ExportQuery = z.object({ format: z.string().max(40, 'format is not valid').optional() });

const unauthorized = { 401: { description: 'Missing or invalid API key', schema: ErrorBody } };
const ListQuery = Pagination.extend({ sourceId: z.string().min(1).max(100).optional() });

export const generatedResourceRoutes = (api: ApiContext): RouteDefinition[] => (Object.keys(kinds) as GenerationKind[]).flatMap((kind) => routesFor(api, kind));

function routesFor(api: ApiContext, kind: GenerationKind): RouteDefinition[] {
  const { plural, label, idParam, body, schema } = kinds[kind];
  const { collection } = generationNames[kind];
  const ownedResource = async (id: string, context: RouteContext) =>
    owned(await getGeneration(await api.readStore.active(), kind, id), requireCaller(context.caller), label);
  const byId = {
    ...unauthorized,
    403: { description: `Another organization's ${label}`, schema: ErrorBody },
    404: { description: `Unknown ${label}`, schema: ErrorBody },
  };
  const IdParams = z.object({ [idParam]: z.string().min(1).max(100) });

  const waitUntilSettled = async (id: string, context: RouteContext): Promise<Doc> => {
    const deadline = Date.now() + api.limits.generationWaitMs;
    for (let delay = 20; ; delay = Math.min(delay * 2, 250)) {
      const doc = await ownedResource(id, context);
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
        409: { description: 'The source failed to index, or is pending (its file not uploaded yet)', schema: ErrorBody },
        429: { description: 'Too many generations in progress for this organization', schema: ErrorBody },
      },
      async handle({ params, body: parsed }, context) {
        const request = parsed as { difficulty: 'easy' | 'medium' | 'hard'; numberOfQuestions?: number };
        const id = context.newId();
        const written = await requestGeneration(
          { eventStore: api.eventStore, readStore: api.readStore, maxConcurrentGenerations: api.limits.maxConcurrentGenerations },
          kind,
          id,
          { sourceId: String(params['sourceId']), ...request },
          callerContext(context),
        );
        const preview = present(previewDocument(written, collection, id.id) ?? {}, 'id', HIDDEN);
        return answerWrite(api, context, written.checkpoint, { status: 202, body: { data: preview } }, async () => {
          const doc = await waitUntilSettled(id.id, context);
          return { status: doc['status'] === 'generating' ? 202 : 200, body: { data: present(doc, 'id', HIDDEN) } };
        });
      },
    }),

    defineRoute({
      method: 'get',
      path: `/v1/${plural}`,
      summary: `List the organization's ${plural}, newest first`,
      tag: capitalise(plural),
      auth: 'apiKey',
      query: ListQuery,
      responses: {
        200: { description: `A page of ${plural}`, schema: listOf(schema.listItem) },
        400: { description: 'Invalid query', schema: ErrorBody },
        ...unauthorized,
      },
      async handle({ query }, context) {
        const caller = requireCaller(context.caller);
        const { limit, cursor, sourceId } = query as z.infer<typeof ListQuery>;
        const page = await listGenerations(await api.readStore.active(), kind, caller.organizationId, { limit, cursor, sourceId });
        return {
          status: 200,
          body: { data: page.items.map((doc) => present(doc, '_id', HIDDEN)), ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) },
        };
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
        const doc = await ownedResource(String(params[idParam]), context);
        return { status: 200, body: { data: present(doc, 'id', HIDDEN) } };
      },
    }),

    defineRoute({
      method: 'get',
      path: `/v1/${plural}/:${idParam}/export`,
      summary: `Download a ready ${label} as a file for another tool (${exportFormats(kind).join(', ')})`,
      tag: capitalise(plural),
      auth: 'apiKey',
      params: IdParams,
      query: ExportQuery,
      responses: {
        200: { description: `The file; Content-Disposition names it after the ${label}'s title` },
        400: { description: 'Unknown format', schema: ErrorBody },
        ...byId,
        409: { description: `The ${label} is still generating, or failed`, schema: ErrorBody },
      },
      async handle({ params, query }, context) {
        // Tenancy first: another organization's resource is a 403 whatever the format asked for.
        const doc = await ownedResource(String(params[idParam]), context);
        const format = (query as z.infer<typeof ExportQuery>).format ?? '';
        const exporter = Object.hasOwn(exporters[kind], format) ? (exporters[kind] as Record<string, Exporter<never>>)[format] : undefined;
        if (!exporter) throw new HttpError(400, `format must be one of ${exportFormats(kind).join(', ')}`);
        if (doc['status'] !== 'ready') throw new HttpError(409, `the ${label} is ${String(doc['status'])}; it can be exported once it is ready`);
        const content = contentSchemas[kind].parse(doc);
        const title = String(doc['title'] ?? label);
        const body = exporter.render(content as never, { id: String(doc['id']), title, updatedAt: String(doc['updatedAt']) });
        const fileName = exportFileName(title, exporter.extension);
        return {
          status: 200,
          body,
          headers: {
            'Content-Type': exporter.contentType,
            'Content-Disposition': `attachment; filename="${fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
          },
        };
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
        const result = await deleteGeneration(api.eventStore, kind, String(params[idParam]), callerContext(context));
        return answerWrite(api, context, result.checkpoint, { status: 200, body: { message: `${label} deleted` } });
      },
    }),
  ];
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
