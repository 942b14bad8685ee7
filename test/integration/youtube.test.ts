import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ExtractionError } from '../../workers/indexing/extractor.ts';
import { parseTimedText, readYouTubeCaptions, videoIdOf } from '../../workers/indexing/youtube.ts';
import { startFakeYouTube } from '../support/fake-youtube.ts';

const cues = [
  { start: 0, duration: 4, text: 'Welcome to this lesson on volcanoes.' },
  { start: 4.5, duration: 5, text: "Magma rises through the Earth's crust." },
  { start: 70, duration: 5, text: 'Lava cools into igneous rock & ash.' },
];

describe('YouTube captions', () => {
  let fake: Awaited<ReturnType<typeof startFakeYouTube>>;
  before(async () => {
    fake = await startFakeYouTube({
      srv3srv3srv: { title: 'Volcanoes 101', captions: { format: 'srv3', cues } },
      classicclas: { title: 'Volcanoes (classic)', captions: { format: 'classic', kind: 'asr', cues } },
      nocaptionsx: { title: 'Silent film' },
      privatevide: { title: 'Private', status: 'LOGIN_REQUIRED', reason: 'This video is private' },
    });
  });
  after(() => fake.close());
  const read = (id: string) => readYouTubeCaptions(`https://www.youtube.com/watch?v=${id}`, { baseUrl: fake.baseUrl, timeoutMs: 5000, maxBytes: 1e6, allowLoopback: true });

  test('srv3 captions: title, text with entities decoded, minute segments with times', async () => {
    const content = await read('srv3srv3srv');
    assert.equal(content.title, 'Volcanoes 101');
    assert.match(content.text, /Magma rises through the Earth's crust\./);
    assert.match(content.text, /igneous rock & ash/);
    assert.deepEqual(content.outline.map(({ kind, start }) => ({ kind, start })), [{ kind: 'segment', start: 0 }, { kind: 'segment', start: 70 }]);
    assert.equal(content.outline[0]?.end, 9.5);
  });

  test('classic captions (seconds, double-escaped text)', async () => {
    const content = await read('classicclas');
    assert.match(content.text, /Earth's crust/);
    assert.match(content.text, /rock & ash/);
    assert.equal(content.outline.length, 2);
  });

  test('no captions and unavailable videos fail with clear reasons', async () => {
    await assert.rejects(read('nocaptionsx'), (error: unknown) => error instanceof ExtractionError && /no captions/.test(error.message));
    await assert.rejects(read('privatevide'), (error: unknown) => error instanceof ExtractionError && /not available: This video is private/.test(error.message));
  });

  test('video ids from every URL form; other hosts refused', () => {
    for (const url of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://m.youtube.com/live/dQw4w9WgXcQ',
    ]) {
      assert.equal(videoIdOf(url), 'dQw4w9WgXcQ', url);
    }
    assert.throws(() => videoIdOf('https://vimeo.com/123'), /not a YouTube address/);
    assert.throws(() => videoIdOf('https://www.youtube.com/watch'), /no video id/);
  });

  test('timedtext parsing handles nested spans in srv3', () => {
    const parsed = parseTimedText('<timedtext format="3"><body><p t="1000" d="2000"><s>Hello</s><s t="500"> world</s></p></body></timedtext>');
    assert.deepEqual(parsed, [{ start: 1, end: 3, text: 'Hello world' }]);
  });
});
