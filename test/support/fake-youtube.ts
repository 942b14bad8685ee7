import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

// A local stand-in for YouTube's InnerTube player endpoint and its timedtext captions. Player answers
// are built from the hand-written samples in test/fixtures/youtube (so they carry the same neighbours
// and nesting as YouTube's); captions come as srv3 or classic XML, escaped as YouTube escapes them.
// Start it with the videos it knows by id; any other id is answered as an unavailable video.

export type FakeCue = { start: number; duration: number; text: string };
export type FakeCaptionTrack = {
  format: 'srv3' | 'classic';
  languageCode?: string;
  kind?: 'asr';
  cues: FakeCue[];
  /** Listed with `exp=xpe`: YouTube then sends an empty body to anyone without a proof-of-origin token. */
  poTokenRequired?: boolean;
};
export type FakeVideo = {
  title: string;
  lengthSeconds?: number;
  /** Answered with the matching playabilityStatus sample instead of the video. */
  unplayable?: 'unavailable' | 'private' | 'bot-check';
  captions?: FakeCaptionTrack | FakeCaptionTrack[];
};
export type PlayerRequest = { context?: { client?: { clientName?: string; clientVersion?: string } }; videoId?: string };

type Json = Record<string, unknown>;
const sample = (name: string): Json => JSON.parse(readFileSync(new URL(`../fixtures/youtube/${name}`, import.meta.url), 'utf8')) as Json;
const samples = {
  ok: sample('player-ok.json'),
  noCaptions: sample('player-no-captions.json'),
  unavailable: sample('player-unavailable.json'),
  private: sample('player-private.json'),
  'bot-check': sample('player-bot-check.json'),
};
const templateTrackUrl = new URL(
  (
    (samples.ok.captions as { playerCaptionsTracklistRenderer: { captionTracks: { baseUrl: string }[] } }).playerCaptionsTracklistRenderer.captionTracks[0] as {
      baseUrl: string;
    }
  ).baseUrl,
);
const languageNames: Record<string, string> = { en: 'English', de: 'German', fr: 'French', es: 'Spanish' };

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
const ms = (seconds: number) => Math.round(seconds * 1000);

function srv3(track: FakeCaptionTrack): string {
  const lines = track.cues.map((cue) => {
    if (track.kind !== 'asr') return `<p t="${ms(cue.start)}" d="${ms(cue.duration)}">${escapeXml(cue.text)}</p>`;
    // Auto-generated tracks carry one <s> per word, timed from the line start, and an empty append line after each.
    const words = cue.text.split(' ').map((word, i) => `<s${i ? ` t="${i * 240}"` : ''} ac="0">${i ? ' ' : ''}${escapeXml(word)}</s>`);
    return `<p t="${ms(cue.start)}" d="${ms(cue.duration)}" w="1">${words.join('')}</p>\n<p t="${ms(cue.start + cue.duration) - 10}" d="10" w="1" a="1">\n</p>`;
  });
  return `<?xml version="1.0" encoding="utf-8" ?><timedtext format="3">\n<head>\n<ws id="0"/>\n<ws id="1" mh="2" ju="0" sd="3"/>\n<wp id="0"/>\n<wp id="1" ap="6" ah="20" av="100" rc="2" cc="40"/>\n</head>\n<body>\n${lines.join('\n')}\n</body>\n</timedtext>\n`;
}

// The classic format escapes the text twice (an apostrophe arrives as &amp;#39;).
const classic = (track: FakeCaptionTrack) =>
  `<?xml version="1.0" encoding="utf-8" ?><transcript>${track.cues.map((cue) => `<text start="${cue.start}" dur="${cue.duration}">${escapeXml(escapeXml(cue.text))}</text>`).join('')}</transcript>`;

const tracksOf = (video: FakeVideo | undefined): FakeCaptionTrack[] => (video?.captions ? [video.captions].flat() : []);
const languageOf = (track: FakeCaptionTrack) => track.languageCode ?? 'en';

export async function startFakeYouTube(videos: Record<string, FakeVideo>) {
  const playerRequests: PlayerRequest[] = [];
  let baseUrl = '';

  const captionTrack = (videoId: string, track: FakeCaptionTrack) => {
    const url = new URL(templateTrackUrl.pathname + templateTrackUrl.search, baseUrl);
    url.searchParams.set('v', videoId);
    url.searchParams.set('lang', languageOf(track));
    if (track.kind) url.searchParams.set('kind', track.kind);
    else url.searchParams.delete('kind');
    if (track.format === 'srv3') url.searchParams.set('fmt', 'srv3');
    else url.searchParams.delete('fmt');
    if (track.poTokenRequired) url.searchParams.set('exp', 'xpe');
    const name = languageNames[languageOf(track)] ?? languageOf(track);
    return {
      baseUrl: url.href,
      name: { runs: [{ text: track.kind === 'asr' ? `${name} (auto-generated)` : name }] },
      vssId: `${track.kind === 'asr' ? 'a' : ''}.${languageOf(track)}`,
      languageCode: languageOf(track),
      ...(track.kind ? { kind: track.kind } : {}),
      isTranslatable: true,
      trackName: '',
    };
  };

  const playerAnswer = (videoId: string): Json => {
    const video = videos[videoId];
    if (!video || video.unplayable) return structuredClone(samples[video?.unplayable ?? 'unavailable']);
    const tracks = tracksOf(video);
    const answer = structuredClone(tracks.length ? samples.ok : samples.noCaptions);
    answer.videoDetails = { ...(answer.videoDetails as Json), videoId, title: video.title, lengthSeconds: String(video.lengthSeconds ?? 300) };
    if (tracks.length) {
      const renderer = (answer.captions as { playerCaptionsTracklistRenderer: Json }).playerCaptionsTracklistRenderer;
      renderer.captionTracks = tracks.map((track) => captionTrack(videoId, track));
      renderer.audioTracks = [{ captionTrackIndices: tracks.map((_, i) => i), defaultCaptionTrackIndex: 0, hasDefaultTrack: true }];
    }
    return answer;
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(body));

    if (url.pathname === '/youtubei/v1/player') {
      let request: PlayerRequest;
      try {
        request = JSON.parse(Buffer.concat(chunks).toString('utf8')) as PlayerRequest;
      } catch {
        request = {};
      }
      // InnerTube refuses a request without a client context, as this does.
      if (req.method !== 'POST' || !request.context?.client?.clientName || !request.context.client.clientVersion || !request.videoId) {
        return json(400, {
          error: {
            code: 400,
            message: 'Request contains an invalid argument.',
            errors: [{ message: 'Request contains an invalid argument.', domain: 'global', reason: 'badRequest' }],
            status: 'INVALID_ARGUMENT',
          },
        });
      }
      playerRequests.push(request);
      return json(200, playerAnswer(request.videoId));
    }

    if (url.pathname === '/api/timedtext') {
      const track = tracksOf(videos[url.searchParams.get('v') ?? '']).find(
        (candidate) => languageOf(candidate) === url.searchParams.get('lang') && (candidate.kind ?? null) === url.searchParams.get('kind'),
      );
      if (!track) return res.writeHead(404, { 'content-type': 'text/html; charset=UTF-8' }).end('<html><body>Not Found</body></html>');
      res.writeHead(200, { 'content-type': 'text/xml; charset=UTF-8' });
      if (track.poTokenRequired && !url.searchParams.has('pot')) return res.end();
      return res.end(url.searchParams.get('fmt') === 'srv3' ? srv3(track) : classic(track));
    }

    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    baseUrl,
    /** The bodies of the player requests received, oldest first. */
    playerRequests,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
