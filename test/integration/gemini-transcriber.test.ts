import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createGeminiTranscriber } from '../../infrastructure/gemini/transcriber.ts';
import { startFakeGemini, validAnswer, type GeminiRequest } from '../support/fake-gemini.ts';

const run = promisify(execFile);
const hasFfmpeg = await run('ffmpeg', ['-version']).then(
  () => true,
  () => false,
);

describe('Gemini transcriber against a local fake', () => {
  let fake: Awaited<ReturnType<typeof startFakeGemini>>;
  let dir: string;
  before(async () => {
    fake = await startFakeGemini((request) => ({ text: validAnswer(request) }));
    dir = await mkdtemp(join(tmpdir(), 'lcs-transcribe-test-'));
  });
  after(async () => {
    await fake.close();
    await rm(dir, { recursive: true, force: true });
  });
  const transcriber = () => createGeminiTranscriber({ apiKey: 'k-123', model: 'gemini-test', baseUrl: fake.baseUrl, timeoutMs: 5000 });

  test('a YouTube video is sent as video input and comes back as timed segments', async () => {
    fake.requests.length = 0;
    const content = await transcriber().transcribeYouTube('https://www.youtube.com/watch?v=abcdefghijk');
    const parts = (fake.requests[0] as GeminiRequest).body.contents[0].parts;
    assert.deepEqual(parts[0].fileData, { fileUri: 'https://www.youtube.com/watch?v=abcdefghijk', mimeType: 'video/*' });
    assert.equal(content.title, 'Lecture on plants');
    assert.deepEqual(
      content.outline.map(({ kind, start, end }) => ({ kind, start, end })),
      [{ kind: 'segment', start: 0, end: 75 }],
      'cues within a minute share a segment',
    );
    assert.match(content.text, /Chlorophyll absorbs/);
  });

  test('an audio upload goes through the Files API and is referenced by its URI', async () => {
    fake.requests.length = 0;
    const audio = join(dir, 'lecture.mp3');
    await writeFile(audio, Buffer.alloc(2048, 1));
    const content = await transcriber().transcribeFile(audio, 'audio/mpeg');
    assert.ok(fake.requests.some((request) => request.path.startsWith('/upload/') && request.headers['x-goog-upload-header-content-type'] === 'audio/mpeg'));
    const generate = fake.requests.find((request) => request.path.endsWith(':generateContent')) as GeminiRequest;
    assert.match(generate.body.contents[0].parts[0].fileData.fileUri, /files\/f\d+/);
    assert.match(content.text, /photosynthesis/);
  });

  test('a lecture video is reduced to its audio track with ffmpeg before upload', { skip: hasFfmpeg ? false : 'ffmpeg is not installed' }, async () => {
    fake.requests.length = 0;
    const video = join(dir, 'lecture.mp4');
    await run('ffmpeg', ['-nostdin', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=64x64:rate=5', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-shortest', '-c:v', 'mpeg4', '-c:a', 'aac', video]);
    await transcriber().transcribeFile(video, 'video/mp4');
    const start = fake.requests.find((request) => request.path.startsWith('/upload/')) as GeminiRequest;
    assert.equal(start.headers['x-goog-upload-header-content-type'], 'audio/ogg');
  });
});
