import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

// A local stand-in for the Gemini API (generateContent and the resumable Files upload), answering as
// each test scripts: JSON text, malformed text, an HTTP error, or no answer at all.

export type Scripted = { text: string; status?: 200 } | { status: number; retryAfter?: number } | { hang: true };

export type GeminiRequest = { path: string; body: any; headers: IncomingMessage['headers'] };

export async function startFakeGemini(handler: (request: GeminiRequest, call: number) => Scripted) {
  const requests: GeminiRequest[] = [];
  const files = new Map<string, { mimeType: string; size: number }>();
  let calls = 0;
  const hanging = new Set<ServerResponse>();
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://fake');
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (url.pathname.startsWith('/upload/') && req.headers['x-goog-upload-command'] === 'start') {
      const id = `files/f${files.size + 1}`;
      files.set(id, { mimeType: String(req.headers['x-goog-upload-header-content-type']), size: Number(req.headers['x-goog-upload-header-content-length']) });
      requests.push({ path: url.pathname, body: raw.toString(), headers: req.headers });
      return json(200, {}, { 'x-goog-upload-url': `http://127.0.0.1:${(server.address() as { port: number }).port}/resumable/${id}` });
    }
    if (url.pathname.startsWith('/resumable/')) {
      const name = url.pathname.slice('/resumable/'.length);
      const file = files.get(name);
      requests.push({ path: url.pathname, body: `${raw.length} bytes`, headers: req.headers });
      return json(200, { file: { name, uri: `https://fake/${name}`, mimeType: file?.mimeType, sizeBytes: String(raw.length), state: 'ACTIVE' } }, { 'x-goog-upload-status': 'final' });
    }
    const fileMatch = /^\/v1\w*\/(files\/\w+)$/.exec(url.pathname);
    if (fileMatch && req.method === 'GET') {
      const name = fileMatch[1] as string;
      return json(200, { name, uri: `https://fake/${name}`, mimeType: files.get(name)?.mimeType, state: 'ACTIVE' });
    }
    if (/:generateContent$/.test(url.pathname)) {
      const request = { path: url.pathname, body: JSON.parse(raw.toString() || '{}'), headers: req.headers };
      requests.push(request);
      const answer = handler(request, calls++);
      if ('hang' in answer) {
        hanging.add(res);
        return;
      }
      if (answer.status && answer.status !== 200) {
        return json(
          answer.status,
          { error: { code: answer.status, message: `scripted ${answer.status}`, status: 'SCRIPTED' } },
          'retryAfter' in answer && answer.retryAfter ? { 'retry-after': String(answer.retryAfter) } : {},
        );
      }
      const text = (answer as { text: string }).text;
      return json(200, {
        candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 }],
        usageMetadata: { promptTokenCount: 100, candidatesTokenCount: 50, totalTokenCount: 150 },
        modelVersion: 'fake',
      });
    }
    json(404, { error: { code: 404, message: `no fake for ${req.method} ${url.pathname}` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    baseUrl,
    requests,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The prompt text of a recorded generateContent request. */
export const promptOf = (request: GeminiRequest): string =>
  (request.body.contents?.[0]?.parts ?? []).map((part: { text?: string }) => part.text ?? '').join('\n');

/** A well-formed answer for whatever the request asks (cards, questions, mind map, transcript). */
export function validAnswer(request: GeminiRequest): string {
  const properties = Object.keys(request.body.generationConfig?.responseJsonSchema?.properties ?? request.body.config?.responseJsonSchema?.properties ?? {});
  const prompt = promptOf(request);
  if (properties.includes('cards')) {
    const terms = ['Photosynthesis', 'Chlorophyll', 'Stomata', 'Glucose', 'Respiration', 'Mitochondrion'];
    return JSON.stringify({
      title: 'Plant Energy',
      cards: terms.map((term, i) => ({ term, definition: `${term} is concept number ${i + 1} of the chapter.`, page: 1, excerpt: `${term} appears on the first page.` })),
    });
  }
  if (properties.includes('questions')) {
    const count = Number(/exactly (\d+) multiple-choice/.exec(prompt)?.[1] ?? 5);
    const page = /\[Page (\d+)/.exec(prompt)?.[1] ?? '1';
    const subjects = ['leaves', 'roots', 'stems', 'flowers', 'seeds', 'fruits', 'bark', 'buds', 'thorns', 'vines', 'moss', 'ferns', 'pollen', 'sap', 'xylem', 'phloem', 'spores', 'bulbs', 'tubers', 'cones'];
    return JSON.stringify({
      title: 'Plant Quiz',
      questions: Array.from({ length: count }, (_, i) => ({
        question: `Where are ${subjects[i % subjects.length]} found (page ${page})?`,
        options: [`Alpha ${page}-${i}`, `Beta ${page}-${i}`, `Gamma ${page}-${i}`, `Delta ${page}-${i}`],
        correctAnswerIndex: 0,
        explanation: `The text states fact ${i + 1}.`,
        section: 'Chapter',
        excerpt: `Fact ${i + 1} is stated here.`,
      })),
    });
  }
  if (properties.includes('nodes')) {
    return JSON.stringify({
      title: 'Plant Map',
      nodes: [
        { key: 'root', label: 'Plants', definition: 'Living things that make food.', isHighlyImportant: true, parentKey: null },
        { key: 'a', label: 'Photosynthesis', definition: 'Making sugar from light.', isHighlyImportant: true, parentKey: 'root' },
        { key: 'b', label: 'Respiration', definition: 'Releasing energy from sugar.', isHighlyImportant: false, parentKey: 'root' },
        { key: 'c', label: 'Chlorophyll', definition: 'The green pigment.', isHighlyImportant: false, parentKey: 'a' },
      ],
    });
  }
  if (properties.includes('segments')) {
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
