import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { isMissingCaptions } from '../../extraction/extract-source.ts';
import { ExtractionError } from '../../extraction/extractor.ts';
import { chooseCaptionTrack, parseTimedText, readYouTubeCaptions, videoIdOf, type CaptionTrack } from '../../extraction/youtube.ts';
import { startFakeYouTube, type FakeCue } from '../support/fake-youtube.ts';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/youtube/${name}`, import.meta.url), 'utf8');
const tracksIn = (name: string) =>
  (JSON.parse(fixture(name)) as { captions: { playerCaptionsTracklistRenderer: { captionTracks: CaptionTrack[] } } }).captions.playerCaptionsTracklistRenderer
    .captionTracks;

const lesson: FakeCue[] = [
  { start: 0, duration: 4, text: 'Welcome to this lesson on volcanoes.' },
  { start: 4.5, duration: 5, text: "Magma rises through the Earth's crust." },
  { start: 70, duration: 5, text: 'Lava cools into <igneous> rock & ash.' },
];

describe('YouTube captions', () => {
  describe('timedtext formats (recorded-format samples)', () => {
    test('srv3: milliseconds, entities decoded once, word <s> children joined, empty and append lines skipped', () => {
      assert.deepEqual(parseTimedText(fixture('timedtext-srv3.xml')), [
        { start: 0, end: 3.2, text: 'Welcome to this lesson on volcanoes.' },
        { start: 3.4, end: 7.5, text: "Magma rises through the Earth's crust when pressure builds & the rock gives way." },
        { start: 7.6, end: 10.1, text: '"Lava" is magma that reaches the surface.' },
        { start: 61.04, end: 65.36, text: 'ash clouds can travel' },
        { start: 63.66, end: 67.58, text: 'thousands of kilometres' },
      ]);
    });

    test('classic: seconds, text escaped twice, escaped <font> and <i> markup removed', () => {
      assert.deepEqual(parseTimedText(fixture('timedtext-classic.xml')), [
        { start: 0, end: 3.2, text: 'Welcome to this lesson on volcanoes.' },
        { start: 3.4, end: 7.5, text: "Magma rises through the Earth's crust when pressure builds & the rock gives way." },
        { start: 7.6, end: 10.1, text: '"Lava" is magma that reaches the surface.' },
        { start: 61.04, end: 65.36, text: 'ash clouds can travel thousands of kilometres' },
      ]);
    });

    test('an empty or broken document yields no cues rather than hanging or throwing', () => {
      assert.deepEqual(parseTimedText(''), []);
      assert.deepEqual(parseTimedText('<transcript><text start="1" dur="2">never closed'), []);
      const started = Date.now();
      assert.deepEqual(parseTimedText('<p t="1" '.repeat(50_000)), []);
      assert.ok(Date.now() - started < 1000, 'linear in the size of broken input');
    });

    test('track choice: manual English, then auto-generated English, then the first', () => {
      const tracks = tracksIn('player-ok.json');
      assert.equal(tracks[0]?.kind, 'asr', 'the sample lists the auto-generated track first');
      assert.match(chooseCaptionTrack(tracks)?.baseUrl ?? '', /&lang=en&fmt=srv3$/);
      assert.equal(chooseCaptionTrack(tracks.filter((track) => track.kind === 'asr' || track.languageCode === 'de'))?.kind, 'asr');
      assert.equal(chooseCaptionTrack(tracks.filter((track) => track.languageCode === 'de'))?.languageCode, 'de');
      assert.equal(chooseCaptionTrack([]), undefined);
    });

    test('a track that needs a proof-of-origin token (exp=xpe) is never chosen', () => {
      const tracks = tracksIn('player-po-token.json');
      assert.match(tracks[0]?.baseUrl ?? '', /&exp=xpe&/, 'the sample lists the guarded manual track first');
      assert.equal(chooseCaptionTrack(tracks)?.kind, 'asr');
      assert.equal(chooseCaptionTrack(tracks.slice(0, 1)), undefined);
    });
  });

  describe('against a local fake of YouTube', () => {
    let fake: Awaited<ReturnType<typeof startFakeYouTube>>;
    before(async () => {
      fake = await startFakeYouTube({
        srv3Manual0: { title: 'Volcanoes 101', lengthSeconds: 72, captions: { format: 'srv3', cues: lesson } },
        classicAsr0: { title: 'Volcanoes (auto)', captions: { format: 'classic', kind: 'asr', cues: lesson } },
        srv3Asr0000: { title: 'Volcanoes (words)', captions: { format: 'srv3', kind: 'asr', cues: lesson } },
        manyTracks0: {
          title: 'Three tracks',
          captions: [
            { format: 'srv3', kind: 'asr', cues: [{ start: 0, duration: 2, text: 'auto words' }] },
            { format: 'classic', languageCode: 'de', cues: [{ start: 0, duration: 2, text: 'deutsche Worte' }] },
            { format: 'classic', cues: [{ start: 0, duration: 2, text: 'manual words' }] },
          ],
        },
        poTokenOne0: {
          title: 'Guarded manual track',
          captions: [
            { format: 'srv3', poTokenRequired: true, cues: [{ start: 0, duration: 2, text: 'guarded words' }] },
            { format: 'srv3', kind: 'asr', cues: [{ start: 0, duration: 2, text: 'open auto words' }] },
          ],
        },
        poTokenOnly: { title: 'Only guarded', captions: { format: 'srv3', poTokenRequired: true, cues: [{ start: 0, duration: 2, text: 'guarded' }] } },
        noCaptions0: { title: 'Silent film' },
        privateVid0: { title: 'Private', unplayable: 'private' },
        botChecked0: { title: 'Blocked', unplayable: 'bot-check' },
      });
    });
    after(() => fake.close());
    const options = () => ({ baseUrl: fake.baseUrl, timeoutMs: 5000, maxBytes: 1_000_000, allowLoopback: true });
    const read = (id: string) => readYouTubeCaptions(`https://www.youtube.com/watch?v=${id}`, options());

    test('srv3 captions: title, decoded text, minute segments with start and end capped at the video length', async () => {
      const content = await read('srv3Manual0');
      assert.equal(content.title, 'Volcanoes 101');
      assert.deepEqual(content.outline, [
        { kind: 'segment', index: 0, start: 0, end: 9.5, text: "Welcome to this lesson on volcanoes. Magma rises through the Earth's crust." },
        { kind: 'segment', index: 1, start: 70, end: 72, text: 'Lava cools into <igneous> rock & ash.' },
      ]);
      assert.equal(content.text, "Welcome to this lesson on volcanoes. Magma rises through the Earth's crust.\n\nLava cools into <igneous> rock & ash.");
      assert.deepEqual(fake.playerRequests.at(-1), {
        context: { client: { clientName: 'ANDROID', clientVersion: '20.10.38', hl: 'en' } },
        videoId: 'srv3Manual0',
      });
    });

    test('classic and word-timed srv3 tracks give the same text', async () => {
      const classic = await read('classicAsr0');
      const words = await read('srv3Asr0000');
      assert.equal(classic.title, 'Volcanoes (auto)');
      assert.equal(classic.text, "Welcome to this lesson on volcanoes. Magma rises through the Earth's crust.\n\nLava cools into <igneous> rock & ash.");
      assert.equal(words.text, classic.text);
      assert.deepEqual(
        words.outline.map(({ start }) => start),
        [0, 70],
      );
    });

    test('the manual English track wins over auto-generated and other languages', async () => {
      assert.equal((await read('manyTracks0')).text, 'manual words');
    });

    test('a track YouTube withholds without a proof-of-origin token is passed over', async () => {
      assert.equal((await read('poTokenOne0')).text, 'open auto words');
      await assert.rejects(read('poTokenOnly'), (error: unknown) => isMissingCaptions(error) && /proof-of-origin/.test((error as Error).message));
    });

    test('no captions is a clear failure that transcription can take over from', async () => {
      await assert.rejects(
        read('noCaptions0'),
        (error: unknown) => error instanceof ExtractionError && error.message === 'this video has no captions' && isMissingCaptions(error),
      );
    });

    test('unavailable, private and bot-checked videos fail with YouTube’s reason; only the bot wall lets transcription take over', async () => {
      await assert.rejects(
        read('gone0000000'),
        (error: unknown) => error instanceof ExtractionError && !error.retryable && error.message === 'the video is not available: This video is unavailable',
      );
      await assert.rejects(
        read('privateVid0'),
        (error: unknown) =>
          error instanceof ExtractionError &&
          !isMissingCaptions(error) &&
          error.message === 'the video is not available: This video is private (If the owner of this video has granted you access, please sign in.)',
      );
      // Gemini fetches the video by URL from Google's side, where this server's bot wall does not apply.
      await assert.rejects(
        read('botChecked0'),
        (error: unknown) => isMissingCaptions(error) && (error as ExtractionError).retryable && /refused to serve the video/.test((error as Error).message),
      );
    });

    test('YouTube requests go through the safe fetch: a loopback base URL is refused without the test setting', async () => {
      const requests = fake.playerRequests.length;
      await assert.rejects(
        readYouTubeCaptions('https://youtu.be/srv3Manual0', { ...options(), allowLoopback: false }),
        (error: unknown) => error instanceof ExtractionError && /refused: the address 127\.0\.0\.1 is a loopback address/.test(error.message),
      );
      assert.equal(fake.playerRequests.length, requests);
    });
  });

  test('video ids from every URL form; other hosts and id-less URLs refused', () => {
    for (const url of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10',
      'https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ?si=abc',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ?start=5',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'https://m.youtube.com/live/dQw4w9WgXcQ',
      'https://music.youtube.com/watch?v=dQw4w9WgXcQ',
      'www.youtube.com/watch?v=dQw4w9WgXcQ',
    ]) {
      assert.equal(videoIdOf(url), 'dQw4w9WgXcQ', url);
    }
    assert.throws(() => videoIdOf('https://vimeo.com/123'), /^ExtractionError: vimeo\.com is not a YouTube address$/);
    assert.throws(() => videoIdOf('https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ'), /not a YouTube address/);
    assert.throws(() => videoIdOf('ftp://www.youtube.com/watch?v=dQw4w9WgXcQ'), /not a YouTube address/);
    assert.throws(() => videoIdOf('https://www.youtube.com/watch'), /no video id/);
    assert.throws(() => videoIdOf('https://www.youtube.com/watch?v=short'), /no video id/);
  });
});
