import { PassThrough } from 'node:stream';
import { BlobTooLargeError, type BlobStore, type StoredBlob } from '../ports/blob-store.ts';
import { HttpError } from './http-error.ts';

// Both upload paths (multipart ingestSource and PUT to a signed URL) store a file the same way: look
// at the first bytes to refuse an unsupported type early, then stream the rest into the blob store.

const SNIFF_BYTES = 4100;

export const UNSUPPORTED_TYPE =
  'unsupported file type: accepted formats are PDF, DOCX, DOC, PPTX, PPT, XLSX, XLS, ODT, ODP, EPUB, TXT, Markdown, HTML, CSV, PNG and JPEG';

export async function storeUploadStream(
  stream: NodeJS.ReadableStream,
  options: {
    blobStore: BlobStore;
    blobKey: string;
    maxBytes: number;
    fileName: string;
    contentType?: string;
    sniff: (head: Buffer, fileName: string | undefined) => string | null;
    /** The 415 message when `sniff` refuses the bytes. */
    unsupported?: string;
    /** busboy signals the size limit with a 'limit' event instead of more bytes. */
    limitEvent?: boolean;
  },
): Promise<StoredBlob & { fileName: string }> {
  const head = await readHead(stream, SNIFF_BYTES);
  if (head.bytes.length === 0) throw new HttpError(400, 'the file is empty');
  if (!options.sniff(head.bytes, options.fileName)) throw new HttpError(415, options.unsupported ?? UNSUPPORTED_TYPE);
  const body = new PassThrough();
  body.write(head.bytes);
  if (head.ended) body.end();
  else stream.pipe(body);
  let truncated = false;
  if (options.limitEvent) {
    stream.on('limit', () => {
      truncated = true;
      body.destroy();
    });
  }
  let stored: StoredBlob;
  try {
    stored = await options.blobStore.put(options.blobKey, body, {
      maxBytes: options.maxBytes,
      ...(options.contentType ? { contentType: options.contentType } : {}),
    });
  } catch (error) {
    if (truncated) throw new BlobTooLargeError(options.maxBytes);
    throw error;
  }
  if (truncated) throw new BlobTooLargeError(options.maxBytes);
  return { ...stored, fileName: options.fileName };
}

/** The first `size` bytes of the stream (fewer if it ends); the stream is left paused for piping. */
function readHead(stream: NodeJS.ReadableStream, size: number): Promise<{ bytes: Buffer; ended: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const done = (ended: boolean) => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', reject);
      stream.pause();
      resolve({ bytes: Buffer.concat(chunks), ended });
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= size) done(false);
    };
    const onEnd = () => done(true);
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', reject);
  });
}
