import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { unzipSync } from 'fflate';
import { parse as parseGift } from 'gift-pegjs';
import { makePdf } from '../support/make-pdf.ts';
import { startTestService, type TestService } from '../support/service.ts';
import { ingestFile, ingestUrl, waitForSource } from '../support/sources.ts';

// Exports over HTTP, as a client downloads them: every format of every kind with its Content-Type
// and a file name from the title; an unknown format, a resource not ready and another
// organization's resource answer 400, 409 (failed or still generating) and 403.

describe('exports over HTTP', () => {
  let service: TestService;
  let apiKey: string;
  let otherKey: string;
  const ready: Record<string, string> = {};

  before(async () => {
    service = await startTestService({ WEB_FETCH_ALLOW_LOOPBACK: 'true' });
    apiKey = (await service.createOrganization('Teachers')).apiKey;
    otherKey = (await service.createOrganization('Strangers')).apiKey;
    const text = await readFile(join(import.meta.dirname, '..', 'fixtures', 'generation', 'photosynthesis-chapter.txt'), 'utf8');
    const pdf = makePdf(
      text.split(/\n\d{2,3}\n/).map((page) => page.split('\n')),
      { title: 'Photosynthesis' },
    );
    const sourceId = (await ingestFile(service, apiKey, { name: 'chapter.pdf', bytes: pdf, type: 'application/pdf' })).body.data.id;
    assert.equal((await waitForSource(service, apiKey, sourceId)).status, 'indexed');
    for (const plural of ['flashcards', 'quizzes', 'mindmaps']) {
      const created = await service.call('POST', `/v1/sources/${sourceId}/${plural}`, { apiKey, json: { difficulty: 'medium' } });
      assert.equal(created.body.data.status, 'ready', JSON.stringify(created.body));
      ready[plural] = created.body.data.id;
    }
  });
  after(() => service.stop());

  const download = (path: string, key = apiKey) => fetch(`${service.url}${path}`, { headers: { 'x-api-key': key } });

  for (const [plural, format, type, extension] of [
    ['flashcards', 'apkg', 'application/apkg', 'apkg'],
    ['flashcards', 'csv', 'text/csv; charset=utf-8', 'csv'],
    ['flashcards', 'tsv', 'text/tab-separated-values; charset=utf-8', 'tsv'],
    ['quizzes', 'gift', 'text/plain; charset=utf-8', 'gift.txt'],
    ['quizzes', 'moodle-xml', 'application/xml; charset=utf-8', 'xml'],
    ['quizzes', 'qti', 'application/zip', 'qti.zip'],
    ['quizzes', 'csv', 'text/csv; charset=utf-8', 'csv'],
    ['mindmaps', 'markdown', 'text/markdown; charset=utf-8', 'md'],
    ['mindmaps', 'opml', 'text/x-opml; charset=utf-8', 'opml'],
    ['mindmaps', 'mermaid', 'text/plain; charset=utf-8', 'mmd'],
    ['mindmaps', 'freemind', 'application/x-freemind; charset=utf-8', 'mm'],
  ] as const) {
    test(`${plural} as ${format}`, async () => {
      const response = await download(`/v1/${plural}/${ready[plural]}/export?format=${format}`);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), type);
      assert.match(
        response.headers.get('content-disposition') ?? '',
        new RegExp(`^attachment; filename="[^"]+\\.${extension.replace('.', '\\.')}"; filename\\*=UTF-8''`),
      );
      const bytes = new Uint8Array(await response.arrayBuffer());
      assert.ok(bytes.length > 0);
      if (format === 'apkg' || format === 'qti') assert.ok(Object.keys(unzipSync(bytes)).length >= 2, 'a zip package');
      if (format === 'gift') {
        const quiz = (await service.call('GET', `/v1/quizzes/${ready['quizzes']}`, { apiKey })).body.data;
        assert.equal(parseGift(new TextDecoder().decode(bytes)).length, quiz.questions.length);
      }
    });
  }

  test('an unknown format is a 400 naming the allowed ones; another organization’s resource is a 403; an unknown one a 404', async () => {
    const unknown = await download(`/v1/quizzes/${ready['quizzes']}/export?format=pdf`);
    assert.equal(unknown.status, 400);
    assert.deepEqual(await unknown.json(), { error: 'format must be one of gift, moodle-xml, qti, csv' });
    assert.equal((await download(`/v1/quizzes/${ready['quizzes']}/export`)).status, 400);
    assert.equal((await download(`/v1/flashcards/${ready['flashcards']}/export?format=csv`, otherKey)).status, 403);
    assert.equal((await download('/v1/mindmaps/no-such-map/export?format=opml')).status, 404);
  });

  test('a resource that failed is a 409', async () => {
    const small = (await ingestFile(service, apiKey, { name: 'tiny.txt', bytes: Buffer.from('Osmosis moves water across membranes.'), type: 'text/plain' }))
      .body.data.id;
    await waitForSource(service, apiKey, small);
    const quiz = await service.call('POST', `/v1/sources/${small}/quizzes`, { apiKey, json: { numberOfQuestions: 50 } });
    assert.equal(quiz.body.data.status, 'failed');
    const response = await download(`/v1/quizzes/${quiz.body.data.id}/export?format=gift`);
    assert.equal(response.status, 409);
    assert.match(((await response.json()) as { error: string }).error, /quiz is failed; it can be exported once it is ready/);
  });

  test('a resource still generating is a 409', async () => {
    // A web page whose server holds its answer keeps the source processing, so a mindmap requested
    // from it stays generating until the page is released.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const pages = createServer((_req, res) => {
      void held.then(() => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end('<html><head><title>Tides</title></head><body><article><h1>Tides</h1><p>Tides are the rise and fall of the sea.</p></article></body></html>');
      });
    });
    await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(pages.address() as { port: number }).port}/tides`;
      const sourceId = (await ingestUrl(service, apiKey, 'webpage', url)).body.data.id;
      const requested = service.call('POST', `/v1/sources/${sourceId}/mindmaps`, { apiKey, json: {} });
      let mindmapId: string | undefined;
      while (!mindmapId) {
        await sleep(50);
        mindmapId = (await service.call('GET', `/v1/mindmaps?sourceId=${sourceId}`, { apiKey })).body.data[0]?._id;
      }
      const response = await download(`/v1/mindmaps/${mindmapId}/export?format=opml`);
      assert.equal(response.status, 409);
      assert.deepEqual(await response.json(), { error: 'the mindmap is generating; it can be exported once it is ready' });
      release();
      await requested;
    } finally {
      release();
      pages.closeAllConnections();
      await new Promise((resolve) => pages.close(resolve));
    }
  });
});
