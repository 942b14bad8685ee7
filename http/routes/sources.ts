import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Written } from '../../commands/handle-command.ts';
import { deleteSource, ingestSource, requestUpload } from '../../commands/sources.ts';
import { ExtractedContent } from '../../domain/learning-content.ts';
import { previewDocument } from '../../projections/preview.ts';
import { getSource, listSources, SOURCES } from '../../projections/sources.ts';
import { present, SOURCE_INTERNAL } from '../../projections/public-view.ts';
import { answerWrite, type ApiContext, callerContext, owned, requireCaller } from '../api-context.ts';
import { HttpError } from '../http-error.ts';
import { assertAcceptableJson } from '../json-guard.ts';
import { readIngestRequest } from '../multipart-ingest.ts';
import { fingerprintOf } from '../idempotency.ts';
import { defineRoute, type RouteContext } from '../route.ts';
import {
  dataOf,
  ErrorBody,
  IngestSourcePart,
  listOf,
  MessageBody,
  Pagination,
  Source,
  SourceContent,
  SourceListItem,
  UploadUrlBody,
  UploadUrlResponse,
} from '../schemas.ts';
import { parseOr400 } from '../validation.ts';

const HIDDEN = SOURCE_INTERNAL;

const SourceParams = z.object({ sourceId: z.string().min(1).max(100) });
const DeleteQuery = z.object({
  cascade: z
    .enum(['true', 'false'], { error: 'cascade must be true or false' })
    .default('true')
    .describe('also delete what was generated from the source, which holds excerpts of its text (default true)'),
});
const unauthorized = { 401: { description: 'Missing or invalid API key', schema: ErrorBody } };
const byId = {
  ...unauthorized,
  403: { description: "Another organization's source", schema: ErrorBody },
  404: { description: 'Unknown source', schema: ErrorBody },
};

export const sourceRoutes = (api: ApiContext) => {
  const ownedSource = async (sourceId: string, context: RouteContext) =>
    owned(await getSource(await api.readStore.active(), sourceId), requireCaller(context.caller), 'source');
  const presentSource = async (sourceId: string, context: RouteContext) => present(await ownedSource(sourceId, context), 'id', HIDDEN);
  /** The new source as the read models show it, or 202 with the document they will hold. */
  const answerSourceWrite = (written: Written, sourceId: string, context: RouteContext) =>
    answerWrite(
      api,
      context,
      written.checkpoint,
      { status: 202, body: { data: present(previewDocument(written, SOURCES, sourceId) ?? {}, 'id', HIDDEN) } },
      async () => ({
        status: 200,
        body: { data: await presentSource(sourceId, context) },
      }),
    );

  return [
    defineRoute({
      method: 'post',
      path: '/v1/ingestSource',
      summary: 'Ingest a source: an uploaded file, a YouTube video URL or a webpage URL',
      tag: 'Sources',
      auth: 'apiKey',
      idempotency: 'manual',
      requestContent: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['source'],
            properties: {
              source: { type: 'string', description: 'JSON: { "sourceType": "file" | "youtube" | "webpage", "url"?: string, "metadata"?: object }' },
              file: {
                type: 'string',
                format: 'binary',
                description: 'PDF, DOCX, DOC, PPTX, PPT, XLSX, XLS, ODT, ODP, EPUB, TXT, Markdown, HTML, CSV, PNG or JPEG; required when sourceType is file',
              },
            },
          },
        },
      },
      responses: {
        200: { description: 'The source, now processing', schema: dataOf(Source) },
        202: { description: 'The source is stored and processing but not yet listed (the read models lag); GET it shortly', schema: dataOf(Source) },
        400: { description: 'Invalid request payload', schema: ErrorBody },
        ...unauthorized,
        413: { description: 'The file is larger than the limit', schema: ErrorBody },
        415: { description: 'Unsupported file type or body', schema: ErrorBody },
      },
      async handle({ req }, context) {
        const caller = requireCaller(context.caller);
        const sourceId = context.newId();
        // Each attempt stores its bytes under a key of its own: a retry must not overwrite the file a
        // source created by an earlier attempt refers to.
        const blobKey = `uploads/${caller.organizationId}/${sourceId.id}.${randomBytes(6).toString('hex')}`;
        const parts = await readIngestRequest(req, {
          blobStore: api.blobStore,
          blobKey,
          maxBytes: api.limits.maxUploadBytes,
          sniff: api.sniffUpload,
        });
        const discardFile = () => (parts.file ? api.blobStore.delete(parts.file.key) : Promise.resolve());
        let written: Written;
        try {
          if (parts.sourceField === undefined) throw new HttpError(400, 'the "source" part is required');
          assertAcceptableJson(parts.sourceField, 'the "source" part');
          let json: unknown;
          try {
            json = JSON.parse(parts.sourceField);
          } catch {
            throw new HttpError(400, 'the "source" part must be a JSON object');
          }
          if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new HttpError(400, 'the "source" part must be a JSON object');
          const source = parseOr400(IngestSourcePart, json, 'source');
          if (source.sourceType === 'file' && !parts.file) throw new HttpError(400, 'the "file" part is required when sourceType is file');
          if (source.sourceType !== 'file' && parts.file) throw new HttpError(400, `a file cannot be sent with sourceType ${source.sourceType}`);
          if (source.sourceType !== 'file' && !source.url) throw new HttpError(400, `source.url is required when sourceType is ${source.sourceType}`);
          if (source.sourceType === 'file' && source.url) throw new HttpError(400, 'source.url is only for youtube and webpage sources');
          const replay = await context.idempotency?.begin(fingerprintOf('ingestSource', source, parts.file?.sha256 ?? null, parts.file?.fileName ?? null));
          if (replay) {
            await discardFile();
            return replay;
          }
          written = await ingestSource(
            api.eventStore,
            sourceId,
            {
              sourceType: source.sourceType,
              ...(source.url ? { url: source.url } : {}),
              ...(source.metadata ? { metadata: source.metadata } : {}),
              ...(parts.file ? { fileName: parts.file.fileName, blob: { key: parts.file.key, sha256: parts.file.sha256, size: parts.file.size } } : {}),
            },
            callerContext(context),
          );
        } catch (error) {
          await discardFile();
          throw error;
        }
        // A retry that found the source its first attempt created keeps that attempt's file only.
        if (!written.created) await discardFile();
        return answerSourceWrite(written, sourceId.id, context);
      },
    }),

    defineRoute({
      method: 'post',
      path: '/v1/sources/upload-url',
      summary: 'Create a source and a signed URL to PUT its file to',
      tag: 'Sources',
      auth: 'apiKey',
      body: UploadUrlBody,
      responses: {
        200: { description: 'Where to PUT the bytes; the source exists at once with status pending', schema: UploadUrlResponse },
        202: { description: 'Where to PUT the bytes; the source is stored but not yet listed (the read models lag)', schema: UploadUrlResponse },
        400: { description: 'Invalid body', schema: ErrorBody },
        ...unauthorized,
        415: { description: 'The file name has no accepted extension', schema: ErrorBody },
      },
      async handle({ body }, context) {
        const caller = requireCaller(context.caller);
        const { fileName, sourceType, metadata } = UploadUrlBody.parse(body);
        const contentType = contentTypeForFileName(fileName, sourceType);
        if (!contentType) {
          throw new HttpError(415, `unsupported file type: the file name must end in ${ACCEPTED_EXTENSIONS}`);
        }
        const sourceId = context.newId();
        const fileKey = `uploads/${caller.organizationId}/${sourceId.id}`;
        const expiresAt = new Date(Date.parse(context.now()) + api.limits.uploadUrlTtlMs);
        const uploadUrl = await api.blobStore.createUploadUrl({ key: fileKey, contentType, expiresAt, maxBytes: api.limits.maxUploadBytes });
        const written = await requestUpload(
          api.eventStore,
          sourceId,
          { sourceType, fileName, fileKey, contentType, expiresAt: expiresAt.toISOString(), ...(metadata ? { metadata } : {}) },
          callerContext(context),
        );
        const answer = { uploadUrl, fileKey, sourceId: sourceId.id };
        return answerWrite(api, context, written.checkpoint, { status: 202, body: answer }, async () => ({ status: 200, body: answer }));
      },
    }),

    defineRoute({
      method: 'get',
      path: '/v1/sources',
      summary: "List the organization's sources, newest first",
      tag: 'Sources',
      auth: 'apiKey',
      query: Pagination,
      responses: {
        200: { description: 'A page of sources', schema: listOf(SourceListItem) },
        400: { description: 'Invalid query', schema: ErrorBody },
        ...unauthorized,
      },
      async handle({ query }, context) {
        const caller = requireCaller(context.caller);
        const { limit, cursor } = query as z.infer<typeof Pagination>;
        const page = await listSources(await api.readStore.active(), caller.organizationId, { limit, cursor });
        return {
          status: 200,
          body: { data: page.items.map((doc) => present(doc, '_id', HIDDEN)), ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) },
        };
      },
    }),

    defineRoute({
      method: 'get',
      path: '/v1/sources/:sourceId',
      summary: 'Get a source and its status',
      tag: 'Sources',
      auth: 'apiKey',
      params: SourceParams,
      responses: { 200: { description: 'The source', schema: dataOf(Source) }, ...byId },
      async handle({ params }, context) {
        return { status: 200, body: { data: await presentSource(String(params['sourceId']), context) } };
      },
    }),

    defineRoute({
      method: 'get',
      path: '/v1/sources/:sourceId/content',
      summary: 'Get the text extracted from a source, with its outline',
      tag: 'Sources',
      auth: 'apiKey',
      params: SourceParams,
      responses: {
        200: { description: 'The extracted text', schema: dataOf(SourceContent) },
        ...byId,
        409: { description: 'The source is not indexed (yet)', schema: ErrorBody },
      },
      async handle({ params }, context) {
        const doc = await ownedSource(String(params['sourceId']), context);
        const content = doc['content'] as { key: string } | undefined;
        if (doc['status'] !== 'indexed' || !content) {
          throw new HttpError(409, `the source is ${String(doc['status'])}; its content is available once it is indexed`);
        }
        const extracted = ExtractedContent.parse(JSON.parse((await api.blobStore.get(content.key)).toString('utf8')));
        return {
          status: 200,
          body: { data: { sourceId: doc['id'], title: doc['title'] ?? extracted.title, text: extracted.text, outline: extracted.outline } },
        };
      },
    }),

    defineRoute({
      method: 'delete',
      path: '/v1/sources/:sourceId',
      summary: 'Delete a source with its stored file and extracted text, and (unless cascade=false) the flashcards, mindmaps and quizzes generated from it',
      tag: 'Sources',
      auth: 'apiKey',
      params: SourceParams,
      query: DeleteQuery,
      responses: { 200: { description: 'Deleted', schema: MessageBody }, 400: { description: 'Invalid query', schema: ErrorBody }, ...byId },
      async handle({ params, query }, context) {
        const { cascade } = query as z.infer<typeof DeleteQuery>;
        const result = await deleteSource(api, String(params['sourceId']), { cascade: cascade === 'true' }, callerContext(context));
        return answerWrite(api, context, result.checkpoint, { status: 200, body: { message: 'source deleted' } });
      },
    }),
  ];
};

const contentTypes: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  ppt: 'application/vnd.ms-powerpoint',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  txt: 'text/plain',
  csv: 'text/csv',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  epub: 'application/epub+zip',
  odt: 'application/vnd.oasis.opendocument.text',
  odp: 'application/vnd.oasis.opendocument.presentation',
  md: 'text/markdown',
  markdown: 'text/markdown',
  html: 'text/html',
  htm: 'text/html',
};
const lectureTypes: Record<string, string> = {
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
};

const ACCEPTED_EXTENSIONS = Object.keys(contentTypes)
  .map((extension) => `.${extension}`)
  .join(', ')
  .replace(/, ([^,]+)$/, ' or $1');

/** The Content-Type the client must PUT with, from the file name's extension. */
export const contentTypeForFileName = (fileName: string, sourceType: string): string | undefined => {
  const extension = fileName.toLowerCase().split('.').pop() ?? '';
  return (sourceType === 'file' ? contentTypes : lectureTypes)[extension];
};
