import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createGeminiTranscriber, type GeminiTranscriberSettings } from '../../infrastructure/gemini/transcriber.ts';
import { ExtractionError } from '../../extraction/extractor.ts';
import { ffmpegCommand } from '../../extraction/tool-path.ts';
import { startFakeGemini, validAnswer, type FakeAnswer, type FakeGemini, type GenerateCall } from '../support/fake-gemini.ts';

const run = promisify(execFile);
const API_KEY = 'AIzaTranscribe-key-0123456789';

describe('Gemini transcriber against a local fake of the API', () => {
  let fake: FakeGemini;
  let dir: string;
  let script: (call: GenerateCall) => FakeAnswer;
  let video: string;
  before(async () => {
    fake = await startFakeGemini({ apiKey: API_KEY, processingPolls: 2, handler: (call) => script(call) });
    dir = await mkdtemp(join(tmpdir(), 'gemini-transcriber-test-'));
    video = join(dir, 'lecture.mp4');
    await run(ffmpegCommand(), [
      '-nostdin',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=5:size=64x64:rate=5',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=5',
      '-shortest',
      '-c:v',
      'mpeg4',
      '-c:a',
      'aac',
      video,
    ]);
  });
  after(async () => {
    await fake.close();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    fake.calls.length = 0;
    fake.requests.length = 0;
    fake.files.clear();
    script = (call) => ({ text: validAnswer(call) });
  });
  const transcriber = (overrides: Partial<GeminiTranscriberSettings> = {}) =>
    createGeminiTranscriber({
      apiKey: API_KEY,
      model: 'gemini-test',
      baseUrl: fake.baseUrl,
      timeoutMs: 5000,
      retry: { attempts: 2, baseDelayMs: 10, maxDelayMs: 1000 },
      ...overrides,
    });
  const uploadsOf = (fakeGemini: FakeGemini) => fakeGemini.requests.filter((request) => request.headers['x-goog-upload-command'] === 'start');

  test('a YouTube URL goes in as video input and comes back as timed segments', async () => {
    const url = 'https://www.youtube.com/watch?v=abcdefghijk';
    const content = await transcriber().transcribeYouTube(url);
    const call = fake.calls[0] as GenerateCall;
    assert.deepEqual(call.body['contents'][0].parts[0], { fileData: { fileUri: url, mimeType: 'video/*' } });
    assert.match(call.body['contents'][0].parts[1].text, /Transcribe all speech in this video/);
    assert.equal(call.body['generationConfig'].mediaResolution, 'MEDIA_RESOLUTION_LOW');
    assert.ok(call.schema?.properties.segments, 'a JSON transcript is asked for');
    assert.equal(content.title, 'Lecture on plants');
    assert.deepEqual(
      content.outline.map(({ kind, start, end }) => ({ kind, start, end })),
      [{ kind: 'segment', start: 0, end: 75 }],
      'cues within a minute share a segment',
    );
    assert.match(content.text, /Welcome to the lecture on photosynthesis\. Chlorophyll absorbs/);
    assert.equal(uploadsOf(fake).length, 0, 'nothing is uploaded for a YouTube URL');
  });

  test('a malformed transcript is asked for again; silence is a clear, final failure', async () => {
    script = (call) => (call.index === 0 ? { text: '{"title": "Lecture", "segments": [{"start": "zero"' } : { text: validAnswer(call) });
    const content = await transcriber().transcribeYouTube('https://youtu.be/abcdefghijk');
    assert.equal(fake.calls.length, 2);
    assert.match((fake.calls[1] as GenerateCall).lastUserText, /not valid JSON/);
    assert.equal(content.outline.length, 1);

    script = () => ({ json: { title: 'Silence', segments: [] } });
    await assert.rejects(transcriber().transcribeYouTube('https://youtu.be/abcdefghijk'), (error: unknown) => {
      assert.ok(error instanceof ExtractionError);
      assert.equal(error.retryable, false);
      assert.match(error.message, /no speech/);
      return true;
    });
  });

  test('a rate limit that persists is a retryable extraction failure without the key in it', async () => {
    script = () => ({ status: 429 });
    await assert.rejects(transcriber().transcribeYouTube('https://youtu.be/abcdefghijk'), (error: unknown) => {
      assert.ok(error instanceof ExtractionError);
      assert.equal(error.retryable, true);
      assert.match(error.message, /transcription failed: the Gemini API rate limit/);
      assert.ok(!error.message.includes(API_KEY));
      return true;
    });
  });

  test('a file goes through the resumable Files API upload, is awaited until ACTIVE, referenced by its URI, then deleted', async () => {
    // Not audio ffmpeg can read: it is uploaded as it is, under the type it came with.
    const audio = join(dir, 'lecture.mp3');
    await writeFile(audio, Buffer.alloc(4096, 7));
    const content = await transcriber().transcribeFile(audio, 'audio/mpeg');
    const [start] = uploadsOf(fake);
    assert.equal(start?.path, '/upload/v1beta/files');
    assert.equal(start?.headers['x-goog-upload-protocol'], 'resumable');
    assert.equal(start?.headers['x-goog-upload-header-content-type'], 'audio/mpeg');
    assert.equal(start?.headers['x-goog-upload-header-content-length'], '4096');
    const finalize = fake.requests.find((request) => request.headers['x-goog-upload-command'] === 'upload, finalize');
    assert.equal(finalize?.headers['x-goog-upload-offset'], '0');
    const [file] = [...fake.files.values()];
    assert.ok(file);
    assert.equal(file.bytes.length, 4096);
    assert.ok(file.reads >= 2, 'polled until ACTIVE');
    const call = fake.calls[0] as GenerateCall;
    assert.deepEqual(call.body['contents'][0].parts[0], { fileData: { fileUri: `${fake.baseUrl}/v1beta/${file.name}`, mimeType: 'audio/mpeg' } });
    assert.equal(file.deleted, true, 'the recording does not stay at Google');
    assert.match(content.text, /photosynthesis/);
    assert.equal(content.outline[0]?.kind, 'segment');
  });

  test("a recording larger than the SDK's 8 MiB upload chunk arrives whole, in chunks at the right offsets", async () => {
    const audio = join(dir, 'long.wav');
    await writeFile(audio, Buffer.alloc(9 * 1024 * 1024 + 5, 3));
    await transcriber().transcribeFile(audio, 'audio/wav');
    const chunks = fake.requests.filter((request) => String(request.headers['x-goog-upload-command']).startsWith('upload'));
    assert.deepEqual(
      chunks.map((request) => [request.headers['x-goog-upload-command'], request.headers['x-goog-upload-offset']]),
      [
        ['upload', '0'],
        ['upload, finalize', String(8 * 1024 * 1024)],
      ],
    );
    assert.equal([...fake.files.values()][0]?.bytes.length, 9 * 1024 * 1024 + 5);
  });

  test('a lecture video is reduced to audio pieces with ffmpeg; timestamps continue across pieces', async () => {
    script = (call) => {
      const piece = fake.calls.filter((earlier) => earlier.index < call.index).length;
      return { json: { title: `Test tone lecture ${piece}`, segments: [{ start: 0.5, end: 1.5, text: `Piece ${piece} speaks.` }] } };
    };
    const content = await transcriber({ pieceSeconds: 2 }).transcribeFile(video, 'video/mp4');
    const uploads = uploadsOf(fake);
    assert.equal(uploads.length, 3, 'five seconds in pieces of two');
    for (const upload of uploads) assert.equal(upload.headers['x-goog-upload-header-content-type'], 'audio/ogg');
    for (const file of fake.files.values()) {
      assert.equal(file.bytes.subarray(0, 4).toString('latin1'), 'OggS');
      assert.equal(file.deleted, true);
    }
    assert.equal(content.title, 'Test tone lecture 0');
    assert.equal(content.text, 'Piece 0 speaks. Piece 1 speaks. Piece 2 speaks.');
    assert.equal(content.outline[0]?.start, 0.5);
    assert.ok(Math.abs((content.outline[0]?.end ?? 0) - 5.5) < 0.1, `the last piece starts at 4 s: ${content.outline[0]?.end}`);
  });

  test('without ffmpeg on PATH, the build the npm package ships reduces the video just the same', async () => {
    script = () => ({ json: { title: 'Tone', segments: [{ start: 0, end: 1, text: 'A tone.' }] } });
    const path = process.env['PATH'];
    process.env['PATH'] = '/nonexistent';
    try {
      await transcriber({ pieceSeconds: 2 }).transcribeFile(video, 'video/mp4');
    } finally {
      process.env['PATH'] = path;
    }
    const uploads = uploadsOf(fake);
    assert.equal(uploads.length, 3);
    for (const upload of uploads) assert.equal(upload.headers['x-goog-upload-header-content-type'], 'audio/ogg');
  });
});
