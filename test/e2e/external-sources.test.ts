import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { startTestService, type TestService } from '../support/service.ts';
import { startFakeGemini, validAnswer } from '../support/fake-gemini.ts';
import { startFakeYouTube } from '../support/fake-youtube.ts';
import { ingestUrl, waitForSource } from '../support/sources.ts';

// Web pages, YouTube videos (captions, or Gemini transcription without them), lecture uploads, and
// generation with Gemini: all selected by configuration, against local servers.

describe('web, video and Gemini sources over HTTP', () => {
  let service: TestService;
  let apiKey: string;
  let pages: Server;
  let pagesUrl: string;
  let youtube: Awaited<ReturnType<typeof startFakeYouTube>>;
  let gemini: Awaited<ReturnType<typeof startFakeGemini>>;

  before(async () => {
    pages = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        '<html><head><title>Tides</title></head><body><article><h1>Tides</h1><p>Tides are the regular rise and fall of the sea caused by the gravity of the Moon and the Sun acting on the oceans.</p><h2>Spring tides</h2><p>Spring tides happen when the Sun and Moon line up, producing the highest high tides of the month.</p></article></body></html>',
      );
    });
    await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
    pagesUrl = `http://127.0.0.1:${(pages.address() as { port: number }).port}/tides`;
    youtube = await startFakeYouTube({
      withcaption: {
        title: 'Glaciers Explained',
        captions: { format: 'srv3', cues: [{ start: 0, duration: 5, text: 'Glaciers are rivers of ice that move slowly downhill.' }] },
      },
      nocaptions1: { title: 'Silent lecture' },
      botwalled01: { title: 'Walled lecture', unplayable: 'bot-check' },
    });
    gemini = await startFakeGemini((request) => ({ text: validAnswer(request) }));
    service = await startTestService({
      WEB_FETCH_ALLOW_LOOPBACK: 'true',
      YOUTUBE_BASE_URL: youtube.baseUrl,
      GENERATOR: 'gemini',
      GEMINI_API_KEY: 'fake-key-for-tests',
      GEMINI_BASE_URL: gemini.baseUrl,
      GEMINI_MODEL: 'gemini-test',
    });
    apiKey = (await service.createOrganization()).apiKey;
  });
  after(async () => {
    await service.stop();
    await gemini.close();
    await youtube.close();
    pages.closeAllConnections();
    await new Promise((resolve) => pages.close(resolve));
  });

  test('a web page is indexed with its title and sections', async () => {
    const response = await ingestUrl(service, apiKey, 'webpage', pagesUrl);
    assert.equal(response.status, 200);
    const source = await waitForSource(service, apiKey, response.body.data.id);
    assert.equal(source.status, 'indexed', source.error);
    assert.equal(source.title, 'Tides');
    const content = await service.call('GET', `/v1/sources/${source.id}/content`, { apiKey });
    assert.match(content.body.data.text, /gravity of the Moon/);
    assert.deepEqual(
      content.body.data.outline.map((entry: { title?: string }) => entry.title),
      ['Tides', 'Spring tides'],
    );
  });

  test('a YouTube video with captions is indexed from them, with its title', async () => {
    const response = await ingestUrl(service, apiKey, 'youtube', 'https://www.youtube.com/watch?v=withcaption');
    const source = await waitForSource(service, apiKey, response.body.data.id);
    assert.equal(source.status, 'indexed', source.error);
    assert.equal(source.title, 'Glaciers Explained');
    const content = await service.call('GET', `/v1/sources/${source.id}/content`, { apiKey });
    assert.equal(content.body.data.outline[0].kind, 'segment');
  });

  // Gemini fetches the video by URL from Google's side, where this server's bot wall does not apply.
  for (const [why, videoId] of [
    ['without captions', 'nocaptions1'],
    ['walled off from this server', 'botwalled01'],
  ]) {
    test(`a YouTube video ${why} is transcribed by Gemini`, async () => {
      gemini.requests.length = 0;
      const url = `https://youtu.be/${videoId}`;
      const response = await ingestUrl(service, apiKey, 'youtube', url);
      const source = await waitForSource(service, apiKey, response.body.data.id);
      assert.equal(source.status, 'indexed', source.error);
      assert.ok(gemini.requests.some((request) => request.body.contents?.[0]?.parts?.[0]?.fileData?.fileUri === url));
    });
  }

  test('a lecture recording uploaded through an upload URL is transcribed', async () => {
    const created = await service.call('POST', '/v1/sources/upload-url', { apiKey, json: { fileName: 'week1.mp3', sourceType: 'lectureAudio' } });
    assert.equal(created.status, 200);
    // An MP3 as far as its first bytes go (an ID3 tag); the fake Gemini transcribes whatever it gets.
    const mp3 = Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'), Buffer.alloc(4086, 7)]);
    const put = await fetch(created.body.uploadUrl, { method: 'PUT', headers: { 'content-type': 'audio/mpeg' }, body: new Uint8Array(mp3) });
    assert.equal(put.status, 200, await put.clone().text());
    const source = await waitForSource(service, apiKey, created.body.sourceId);
    assert.equal(source.status, 'indexed', source.error);
    assert.equal(source.sourceType, 'lectureAudio');
  });

  test('generation goes through Gemini when configured, and records its token usage', async () => {
    const response = await ingestUrl(service, apiKey, 'webpage', pagesUrl);
    const source = await waitForSource(service, apiKey, response.body.data.id);
    const quiz = await service.call('POST', `/v1/sources/${source.id}/quizzes`, { apiKey, json: { numberOfQuestions: 4, difficulty: 'hard' } });
    assert.equal(quiz.status, 200, JSON.stringify(quiz.body));
    assert.equal(quiz.body.data.status, 'ready');
    assert.equal(quiz.body.data.questions.length, 4);
    const cards = await service.call('POST', `/v1/sources/${source.id}/flashcards`, { apiKey });
    assert.equal(cards.body.data.status, 'ready');
    const mindmap = await service.call('POST', `/v1/sources/${source.id}/mindmaps`, { apiKey, json: { difficulty: 'easy' } });
    assert.equal(mindmap.body.data.status, 'ready');
    const events = await service.adapters.eventStore.readStream(`quiz-${quiz.body.data.id}`);
    const generated = events.find((event) => event.type === 'QuizGenerated');
    assert.deepEqual((generated?.data as { generator: unknown }).generator, {
      name: 'gemini',
      model: 'gemini-test',
      usage: { promptTokens: 100, outputTokens: 50, totalTokens: 150 },
    });
  });
});
