import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { completeUpload } from '../../commands/sources.ts';
import { sourceCommands } from '../../commands/streams.ts';
import { answerWrite, type ApiContext } from '../api-context.ts';
import { HttpError } from '../http-error.ts';
import { defineRoute } from '../route.ts';
import { ErrorBody } from '../schemas.ts';
import { storeUploadStream } from '../upload-stream.ts';

// The target of the signed upload URLs of the embedded blob store. The signature is the credential
// (no API key: the URL is handed to whoever uploads); it binds key, expiry, Content-Type and size.

const UPLOAD_KEY = /^uploads\/[A-Za-z0-9-]+\/([A-Za-z0-9-]+)$/;

export const uploadRoutes = (api: ApiContext) => [
  defineRoute({
    method: 'put',
    path: '/v1/uploads/*fileKey',
    summary: 'Upload the bytes of a source to the signed URL from POST /v1/sources/upload-url',
    tag: 'Sources',
    auth: 'signedUrl',
    requestContent: { '*/*': { schema: { type: 'string', format: 'binary' } } },
    responses: {
      200: { description: 'Stored; the source is now processing', schema: z.object({ message: z.string(), sourceId: z.string() }) },
      400: { description: 'Empty body', schema: ErrorBody },
      403: { description: 'Invalid signature', schema: ErrorBody },
      404: { description: 'Unknown upload', schema: ErrorBody },
      409: { description: 'This URL was already used', schema: ErrorBody },
      410: { description: 'This URL has expired', schema: ErrorBody },
      413: { description: 'Larger than the limit', schema: ErrorBody },
      415: { description: 'Content-Type differs from the signed one, or unsupported bytes', schema: ErrorBody },
    },
    async handle({ params, query, req }, context) {
      const verify = api.verifyUpload;
      if (!verify) throw new HttpError(404, 'uploads go directly to the blob store');
      const segments = (params as unknown as { fileKey: string[] | string }).fileKey;
      const key = Array.isArray(segments) ? segments.join('/') : segments;
      const sourceId = UPLOAD_KEY.exec(key)?.[1];
      if (!sourceId) throw new HttpError(404, 'unknown upload');
      const contentType = req.headers['content-type'];
      const verdict = verify({ key, query, method: 'PUT', contentType });
      if (!verdict.ok) throw new HttpError(verdict.status, verdict.reason);
      const declared = Number(req.headers['content-length']);
      if (Number.isFinite(declared) && declared > verdict.maxBytes) {
        throw new HttpError(413, `the file is larger than the limit of ${verdict.maxBytes} bytes`);
      }

      const { state } = await sourceCommands.load(api.eventStore, sourceId);
      if (state.status === 'none' || state.status === 'deleted') throw new HttpError(404, 'unknown upload');
      if (state.status !== 'pending') throw new HttpError(409, 'this upload URL has already been used');

      const recording = state.sourceType === 'lectureAudio' || state.sourceType === 'lectureVideo';
      // Concurrent PUTs each write their own object; only the one whose event lands is kept.
      const blobKey = `${key}.${randomBytes(6).toString('hex')}`;
      const stored = await storeUploadStream(req, {
        blobStore: api.blobStore,
        blobKey,
        maxBytes: verdict.maxBytes,
        fileName: key,
        ...(contentType ? { contentType } : {}),
        ...(recording
          ? {
              sniff: (head: Buffer) => api.sniffRecording(head),
              unsupported: 'unsupported recording: the bytes are no MP3, MP4/M4A/MOV, WAV, Ogg or WebM audio or video',
            }
          : { sniff: (head: Buffer) => api.sniffUpload(head, undefined) }),
      }).catch(async (error: unknown) => {
        await api.blobStore.delete(blobKey);
        throw error;
      });
      const result = await completeUpload(
        api.eventStore,
        sourceId,
        { key: stored.key, sha256: stored.sha256, size: stored.size, ...(contentType ? { contentType } : {}) },
        { correlationId: context.correlationId, organizationId: state.organizationId, now: context.now() },
      ).catch(async (error: unknown) => {
        await api.blobStore.delete(blobKey);
        throw error;
      });
      return answerWrite(api, context, result.checkpoint, { status: 200, body: { message: 'upload received; the source is processing', sourceId } });
    },
  }),
];
