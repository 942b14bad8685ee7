import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

// A local stand-in for the Gemini API, close to what @google/genai talks to:
//   POST /{v1|v1beta}/models/{model}:generateContent
//   POST /upload/{v}/files (resumable: "start" answers an x-goog-upload-url; the SDK then sends 8 MiB
//        chunks to it with "upload" and a last one with "upload, finalize", each with its offset)
//   GET  /{v}/files/{id} (PROCESSING for `processingPolls` reads, then ACTIVE)   DELETE /{v}/files/{id}
// Each generateContent call is answered as the test's handler scripts it: JSON, any text, an HTTP
// error with Google's error body (Retry-After header or RetryInfo detail), a blocked prompt, or no
// answer at all. The API key is checked when one is given, and the response schema is held to the
// JSON Schema subset Gemini accepts, so an adapter that sends what the real API refuses fails here.

export type RecordedRequest = { method: string; path: string; query: URLSearchParams; headers: IncomingHttpHeaders; body: Record<string, any> };

export type UsageMetadata = { promptTokenCount: number; candidatesTokenCount: number; totalTokenCount: number };

export type GenerateCall = RecordedRequest & {
  /** 0 for the first generateContent call since the fake started. */
  index: number;
  model: string;
  apiVersion: string;
  /** The text parts of the first user turn: the source and the task. */
  prompt: string;
  /** The text of the latest user turn (the repair request after a rejected answer). */
  lastUserText: string;
  schema: Record<string, any> | undefined;
  /** The usage reported for this call, once answered. */
  usage?: UsageMetadata;
};

export type FakeAnswer =
  | { json: unknown; finishReason?: string }
  | { text: string; finishReason?: string }
  | { status: number; message?: string; retryAfterSeconds?: number; retryDelaySeconds?: number }
  | { blocked: string }
  | { hang: true };

export type FakeGeminiHandler = (call: GenerateCall) => FakeAnswer | Promise<FakeAnswer>;

export type FakeGeminiOptions = {
  /** Defaults to well-formed answers for whatever is asked (see `validAnswer`). */
  handler?: FakeGeminiHandler;
  /** When set, requests without this key get the API's "API key not valid" answer. */
  apiKey?: string;
  /** How many reads of an uploaded file still show PROCESSING (default 1). */
  processingPolls?: number;
  /** Token counts reported per answered call (default 100 prompt + 50 output tokens). */
  usage?: (call: GenerateCall, answerText: string) => UsageMetadata;
};

export type FakeFile = { name: string; mimeType: string; displayName?: string; bytes: Buffer; reads: number; deleted: boolean };

// What Gemini's responseJsonSchema accepts (the SDK's documentation of the field).
const SCHEMA_KEYWORDS = new Set([
  '$id',
  '$defs',
  '$ref',
  '$anchor',
  'type',
  'format',
  'title',
  'description',
  'enum',
  'items',
  'prefixItems',
  'minItems',
  'maxItems',
  'minimum',
  'maximum',
  'anyOf',
  'oneOf',
  'properties',
  'additionalProperties',
  'required',
  'propertyOrdering',
]);

function unsupportedKeyword(schema: unknown, path = 'response_json_schema'): string | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  for (const [key, value] of Object.entries(schema)) {
    if (!SCHEMA_KEYWORDS.has(key)) return `${path}.${key}`;
    const nested =
      key === 'properties' || key === '$defs'
        ? Object.entries(value as object).map(([name, sub]) => unsupportedKeyword(sub, `${path}.${key}.${name}`))
        : key === 'items' || key === 'additionalProperties'
          ? [unsupportedKeyword(value, `${path}.${key}`)]
          : key === 'anyOf' || key === 'oneOf' || key === 'prefixItems'
            ? (value as unknown[]).map((sub, index) => unsupportedKeyword(sub, `${path}.${key}[${index}]`))
            : [];
    const found = nested.find(Boolean);
    if (found) return found;
  }
  return undefined;
}

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  408: 'DEADLINE_EXCEEDED',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

const fixedUsage = (): UsageMetadata => ({ promptTokenCount: 100, candidatesTokenCount: 50, totalTokenCount: 150 });

const textOf = (content: { parts?: Array<{ text?: string }> } | undefined) =>
  (content?.parts ?? [])
    .map((part) => part.text ?? '')
    .filter(Boolean)
    .join('\n');

export async function startFakeGemini(options: FakeGeminiOptions | FakeGeminiHandler = {}) {
  const settings: FakeGeminiOptions = typeof options === 'function' ? { handler: options } : options;
  const handler: FakeGeminiHandler = settings.handler ?? ((call) => ({ text: validAnswer(call) }));
  const usageOf = settings.usage ?? fixedUsage;
  const processingPolls = settings.processingPolls ?? 1;
  const requests: RecordedRequest[] = [];
  const calls: GenerateCall[] = [];
  const files = new Map<string, FakeFile>();
  const uploads = new Map<string, { declaredSize: number; mimeType: string; displayName?: string; chunks: Buffer[]; received: number }>();
  const sockets = new Set<Socket>();
  let baseUrl = '';

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
    res.end(body === undefined ? '' : JSON.stringify(body));
  };
  const fail = (res: ServerResponse, status: number, message: string, details: unknown[] = [], headers: Record<string, string> = {}) =>
    send(res, status, { error: { code: status, message, status: STATUS_NAMES[status] ?? 'UNKNOWN', ...(details.length > 0 ? { details } : {}) } }, headers);

  const fileResource = (file: FakeFile, apiVersion: string) => ({
    name: file.name,
    ...(file.displayName ? { displayName: file.displayName } : {}),
    mimeType: file.mimeType,
    sizeBytes: String(file.bytes.length),
    createTime: new Date().toISOString(),
    expirationTime: new Date(Date.now() + 48 * 3600_000).toISOString(),
    uri: `${baseUrl}/${apiVersion}/${file.name}`,
    state: file.reads < processingPolls ? 'PROCESSING' : 'ACTIVE',
    source: 'UPLOADED',
  });

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://fake');
    let body: Record<string, any> = { bytes: raw.length };
    // Upload chunks are raw bytes, though the SDK labels every request application/json.
    const isChunk = String(req.headers['x-goog-upload-command'] ?? '').startsWith('upload');
    if (!isChunk && String(req.headers['content-type'] ?? '').includes('json') && raw.length > 0) {
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        return fail(res, 400, 'Invalid JSON payload received.');
      }
    }
    const request: RecordedRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body };
    requests.push(request);

    if (settings.apiKey !== undefined && req.headers['x-goog-api-key'] !== settings.apiKey) {
      return fail(res, 400, 'API key not valid. Please pass a valid API key.', [
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason: 'API_KEY_INVALID',
          domain: 'googleapis.com',
          metadata: { service: 'generativelanguage.googleapis.com' },
        },
      ]);
    }

    const uploadPath = /^\/upload\/(v1|v1beta|v1alpha)\/files$/.exec(url.pathname);
    if (uploadPath && req.method === 'POST') {
      const command = String(req.headers['x-goog-upload-command'] ?? '');
      if (command === 'start') {
        if (req.headers['x-goog-upload-protocol'] !== 'resumable') return fail(res, 400, 'Only the resumable upload protocol is supported here.');
        const declaredSize = Number(req.headers['x-goog-upload-header-content-length']);
        const mimeType = String(req.headers['x-goog-upload-header-content-type'] ?? '');
        if (!Number.isInteger(declaredSize) || !mimeType) return fail(res, 400, 'Missing X-Goog-Upload-Header-Content-Length or -Content-Type.');
        const id = randomBytes(6).toString('hex');
        uploads.set(id, { declaredSize, mimeType, ...(body['file']?.displayName ? { displayName: body['file'].displayName } : {}), chunks: [], received: 0 });
        return send(res, 200, undefined, {
          'x-goog-upload-url': `${baseUrl}/upload/${uploadPath[1]}/files?upload_id=${id}&upload_protocol=resumable`,
          'x-goog-upload-status': 'active',
        });
      }
      const session = uploads.get(url.searchParams.get('upload_id') ?? '');
      if (!session) return fail(res, 404, 'No such upload session.');
      if (!command.startsWith('upload')) return fail(res, 400, `Unsupported X-Goog-Upload-Command "${command}".`);
      if (Number(req.headers['x-goog-upload-offset']) !== session.received) {
        return fail(res, 400, `Upload offset ${String(req.headers['x-goog-upload-offset'])} does not match the ${session.received} bytes received.`);
      }
      session.chunks.push(raw);
      session.received += raw.length;
      if (!command.includes('finalize')) return send(res, 200, undefined, { 'x-goog-upload-status': 'active' });
      const bytes = Buffer.concat(session.chunks);
      if (bytes.length !== session.declaredSize) return fail(res, 400, `Received ${bytes.length} bytes, ${session.declaredSize} were declared.`);
      const name = `files/${randomBytes(6).toString('hex')}`;
      const file: FakeFile = {
        name,
        mimeType: session.mimeType,
        ...(session.displayName ? { displayName: session.displayName } : {}),
        bytes,
        reads: 0,
        deleted: false,
      };
      files.set(name, file);
      return send(res, 200, { file: fileResource(file, uploadPath[1] as string) }, { 'x-goog-upload-status': 'final' });
    }

    const filePath = /^\/(v1|v1beta|v1alpha)\/(files\/[\w-]+)$/.exec(url.pathname);
    if (filePath) {
      const file = files.get(filePath[2] as string);
      if (!file || file.deleted) return fail(res, 403, `You do not have permission to access the File ${filePath[2]} or it may not exist.`);
      if (req.method === 'DELETE') {
        file.deleted = true;
        return send(res, 200, {});
      }
      file.reads += 1;
      return send(res, 200, fileResource(file, filePath[1] as string));
    }

    const generate = /^\/(v1|v1beta|v1alpha)\/models\/([^/:]+):generateContent$/.exec(url.pathname);
    if (generate && req.method === 'POST') {
      const contents: Array<{ role?: string; parts?: Array<Record<string, any>> }> = body['contents'] ?? [];
      const userTurns = contents.filter((content) => content.role !== 'model');
      const call: GenerateCall = {
        ...request,
        index: calls.length,
        model: generate[2] as string,
        apiVersion: generate[1] as string,
        prompt: textOf(userTurns[0]),
        lastUserText: textOf(userTurns.at(-1)),
        schema: body['generationConfig']?.responseJsonSchema,
      };
      calls.push(call);
      const unsupported = unsupportedKeyword(call.schema);
      if (unsupported) return fail(res, 400, `Invalid JSON payload received. Unknown name "${unsupported.split('.').at(-1)}" at '${unsupported}'.`);
      for (const part of contents.flatMap((content) => content.parts ?? [])) {
        const uri: string | undefined = part['fileData']?.fileUri;
        if (!uri?.startsWith(baseUrl)) continue;
        const file = files.get(uri.slice(uri.indexOf('files/')));
        if (!file || file.deleted) return fail(res, 403, `You do not have permission to access the File ${uri} or it may not exist.`);
        if (file.reads < processingPolls) return fail(res, 400, `The File ${file.name} is not in an ACTIVE state and usage is not allowed.`);
      }
      const answer = await handler(call);
      if ('hang' in answer) return;
      if ('blocked' in answer) {
        const { promptTokenCount } = usageOf(call, '');
        call.usage = { promptTokenCount, candidatesTokenCount: 0, totalTokenCount: promptTokenCount };
        return send(res, 200, { promptFeedback: { blockReason: answer.blocked }, usageMetadata: call.usage });
      }
      if ('status' in answer) {
        const details =
          answer.retryDelaySeconds === undefined ? [] : [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${answer.retryDelaySeconds}s` }];
        const headers: Record<string, string> = answer.retryAfterSeconds === undefined ? {} : { 'retry-after': String(answer.retryAfterSeconds) };
        return fail(res, answer.status, answer.message ?? `Scripted ${answer.status}.`, details, headers);
      }
      const text = 'json' in answer ? JSON.stringify(answer.json) : answer.text;
      call.usage = usageOf(call, text);
      return send(res, 200, {
        candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: answer.finishReason ?? 'STOP', index: 0 }],
        usageMetadata: call.usage,
        modelVersion: call.model,
        responseId: randomBytes(8).toString('base64url'),
      });
    }
    return fail(res, 404, `The fake has no ${req.method} ${url.pathname}.`);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    baseUrl,
    requests,
    calls,
    files,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type FakeGemini = Awaited<ReturnType<typeof startFakeGemini>>;

// ---------------------------------------------------------------------------------------------
// Default answers: well-formed for whatever the request's schema asks for, quoting the source.

const SYLLABLES = ['ka', 'lo', 'mi', 'nu', 'pe', 'ri', 'so', 'tu', 'va', 'ze'];

/** A made-up word unique to `n`, so generated items never look alike to the duplicate rules. */
export const codeWord = (n: number) => [...String(n).padStart(4, '0')].map((digit) => SYLLABLES[Number(digit)]).join('');

export type Quote = { text: string; page?: number; section?: string };

/** The sentences of the prompt's <source> block (first 25 words each), with the page or section of their marker. */
export function sourceQuotes(prompt: string): Quote[] {
  const block = /<source[^>]*>\n([\s\S]*?)\n<\/source>/.exec(prompt)?.[1] ?? '';
  const quotes: Quote[] = [];
  const seen = new Set<string>();
  let where: Omit<Quote, 'text'> = {};
  for (const line of block.split('\n')) {
    const marker = /^\[(.+)\]$/.exec(line.trim());
    if (marker) {
      const paged = /^(?:Page|Slide) (\d+)/.exec(marker[1] as string);
      where = paged ? { page: Number(paged[1]) } : { section: marker[1] as string };
      continue;
    }
    for (const sentence of line.split(/(?<=[.!?])\s+/)) {
      const text = sentence.trim().split(/\s+/).slice(0, 25).join(' ');
      if (text.split(' ').length < 3 || seen.has(text.toLowerCase())) continue;
      seen.add(text.toLowerCase());
      quotes.push({ text, ...where });
    }
  }
  return quotes.length > 0 ? quotes : [{ text: 'The source says little.', section: 'Source' }];
}

/** The "- item" lines under the request's lists of items already accepted or covered. */
function listedItems(...texts: string[]): string[] {
  return texts.flatMap((text) =>
    [...text.matchAll(/(?:must not be repeated|do not repeat them):\n((?:- .*\n?)+)/g)].flatMap((match) =>
      (match[1] ?? '')
        .split('\n')
        .filter((line) => line.startsWith('- '))
        .map((line) => line.slice(2).trim()),
    ),
  );
}

const cite = (quote: Quote) => ({ ...(quote.page ? { page: quote.page } : { section: quote.section }), excerpt: quote.text });

const treeDepth = (node: Record<string, any> | undefined): number => (node?.properties?.children ? 1 + treeDepth(node.properties.children.items) : 0);

/** A well-formed answer for the request: flashcards, quiz questions, a mind map or a transcript. */
export function validAnswer(call: GenerateCall): string {
  const properties = call.schema?.properties ?? {};
  const quotes = sourceQuotes(call.prompt);
  const quote = (i: number) => quotes[i % quotes.length] as Quote;
  if (properties.cards) {
    // Like a model that read the request: terms already accepted or given by other parts are not offered again.
    const kept = listedItems(call.prompt, call.lastUserText).map((item) => item.toLowerCase());
    const fresh = quotes.filter((candidate) => !kept.some((term) => candidate.text.toLowerCase().includes(term)));
    const used = new Set<string>();
    const cards = fresh.flatMap((candidate) => {
      const term = (candidate.text.match(/\p{L}{4,}/gu) ?? []).sort((a, b) => b.length - a.length).find((word) => !used.has(word.toLowerCase()));
      if (!term) return [];
      used.add(term.toLowerCase());
      return [{ term: `${term[0]?.toUpperCase()}${term.slice(1)}`, definition: `As the source puts it: ${candidate.text}`, source: cite(candidate) }];
    });
    return JSON.stringify({ cards: cards.slice(0, properties.cards.maxItems ?? 5) });
  }
  if (properties.questions) {
    const count = properties.questions.minItems ?? 5;
    return JSON.stringify({
      questions: Array.from({ length: count }, (_, i) => {
        const n = (call.index * 100 + i) * 3;
        return {
          question: `Which option matches the ${codeWord(n)} ${codeWord(n + 1)} entry?`,
          options: ['Alpha', 'Beta', 'Gamma', 'Delta'].map((option) => `${option} ${codeWord(n + 2)}`),
          correctAnswerIndex: 0,
          explanation: `The source states: ${quote(i).text}`,
          source: cite(quote(i)),
        };
      }),
    });
  }
  if (properties.root) {
    const depth = treeDepth(properties.root);
    const title = /<source title="([^"]*)"/.exec(call.prompt)?.[1] ?? 'Subject';
    let n = call.index * 100;
    const node = (level: number): Record<string, unknown> => {
      const label = level === 0 ? title : `Topic ${codeWord(n++)}`;
      const children = level < depth ? Array.from({ length: level === 0 ? 3 : 2 }, () => node(level + 1)) : [];
      return { label, definition: quote(n).text, isHighlyImportant: level <= 1, ...(children.length > 0 ? { children } : {}) };
    };
    return JSON.stringify({ root: node(0) });
  }
  if (properties.segments) {
    return JSON.stringify({
      title: 'Lecture on plants',
      segments: [
        { start: 0, end: 30, text: 'Welcome to the lecture on photosynthesis.' },
        { start: 30, end: 75, text: 'Chlorophyll absorbs red and blue light.' },
      ],
    });
  }
  return '{}';
}
