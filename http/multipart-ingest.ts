import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { BlobTooLargeError, type BlobStore, type StoredBlob } from '../ports/blob-store.ts';
import { storeUploadStream } from './upload-stream.ts';
import { HttpError } from './http-error.ts';
import { fileNameRule } from './schemas.ts';

const FileNamePart = fileNameRule('the file name');

// Streams a multipart ingestSource request: the `source` field is kept (small), the `file` part goes
// straight into the blob store while being hashed; nothing holds the whole file in memory.

export type IngestParts = { sourceField: string | undefined; file: (StoredBlob & { fileName: string }) | undefined };

export async function readIngestRequest(
  req: IncomingMessage,
  options: {
    blobStore: BlobStore;
    blobKey: string;
    maxBytes: number;
    sniff: (head: Buffer, fileName: string | undefined) => string | null;
  },
): Promise<IngestParts> {
  const contentType = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data/i.test(contentType)) {
    throw new HttpError(415, 'the request must be multipart/form-data with a "source" part (and a "file" part for files)');
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      limits: { files: 1, fields: 4, parts: 6, fieldSize: 64 * 1024, fileSize: options.maxBytes, headerPairs: 50 },
    });
  } catch {
    throw new HttpError(400, 'the multipart body has no boundary');
  }

  return new Promise<IngestParts>((resolve, reject) => {
    let sourceField: string | undefined;
    let upload: Promise<StoredBlob & { fileName: string }> | undefined;
    let failure: HttpError | undefined;
    const fail = (error: HttpError) => {
      failure ??= error;
    };

    parser.on('field', (name, value, info) => {
      if (name !== 'source') return fail(new HttpError(400, `unexpected part "${name}": send "source" and "file"`));
      if (sourceField !== undefined) return fail(new HttpError(400, 'the "source" part was sent twice'));
      if (info.valueTruncated) return fail(new HttpError(400, 'the "source" part is too large'));
      sourceField = value;
    });

    parser.on('file', (name, stream, info) => {
      if (name !== 'file' || upload || failure) {
        stream.resume();
        if (name !== 'file') fail(new HttpError(400, `unexpected file part "${name}": the file goes in the "file" part`));
        return;
      }
      const named = FileNamePart.safeParse(info.filename?.trim() || 'upload');
      if (!named.success) {
        stream.resume();
        return fail(new HttpError(400, named.error.issues[0]?.message ?? 'the file name is not valid'));
      }
      const fileName = named.data;
      upload = storeUploadStream(stream, { ...options, fileName, limitEvent: true }).catch((error: unknown) => {
        stream.resume();
        throw error;
      });
      upload.catch(() => undefined);
    });

    parser.on('partsLimit', () => fail(new HttpError(400, 'too many parts in the multipart body')));
    parser.on('fieldsLimit', () => fail(new HttpError(400, 'too many fields in the multipart body')));
    parser.on('filesLimit', () => fail(new HttpError(400, 'only one file may be sent')));
    parser.on('error', () => {
      fail(new HttpError(400, 'the multipart body is malformed or truncated'));
      finish();
    });
    parser.on('close', () => finish());
    req.on('aborted', () => {
      fail(new HttpError(400, 'the upload was interrupted'));
      finish();
    });

    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      const settle = async () => {
        const file = upload ? await upload : undefined;
        if (failure) {
          if (file) await options.blobStore.delete(file.key);
          throw failure;
        }
        return { sourceField, file };
      };
      settle().then(resolve, async (error: unknown) => {
        if (upload) await options.blobStore.delete(options.blobKey).catch(() => undefined);
        reject(failure ?? toHttpError(error));
      });
    };
    req.pipe(parser);
  });
}

const toHttpError = (error: unknown): unknown =>
  error instanceof BlobTooLargeError ? new HttpError(413, `the file is larger than the limit of ${error.limit} bytes`) : error;
