import { z } from 'zod';
import type { ExtractedContent, OutlineEntry } from '../domain/learning-content.ts';
import { safeFetch } from '../infrastructure/web/safe-fetch.ts';
import { CaptionsUnavailableError, ExtractionError } from './extractor.ts';
import { asExtractionError, type WebOptions } from './web-errors.ts';

// A YouTube video's captions through YouTube's own endpoints, as the public caption clients do it:
// the InnerTube player answer names the video and lists its caption tracks; a track's timedtext XML
// comes as srv3 (<p t d> in milliseconds) or classic (<text start dur> in seconds). Segments of about
// a minute become the outline.

export const DEFAULT_YOUTUBE_BASE_URL = 'https://www.youtube.com';
const SEGMENT_SECONDS = 60;
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtu.be',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
// Caption URLs handed to the WEB client have needed a proof-of-origin token since 2025; the ANDROID
// client's have not (youtube-transcript-api switched to it for that reason).
const INNERTUBE_CLIENT = { clientName: 'ANDROID', clientVersion: '20.10.38', hl: 'en' };
const INNERTUBE_USER_AGENT = `com.google.android.youtube/${INNERTUBE_CLIENT.clientVersion} (Linux; U; Android 14) gzip`;

export type YouTubeOptions = WebOptions & { baseUrl?: string };

/** The 11-character video id from any YouTube URL form: watch?v=, youtu.be/, shorts/, embed/, live/, v/. */
export function videoIdOf(input: string): string {
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(input.trim()) ? input.trim() : `https://${input.trim()}`);
  } catch {
    throw new ExtractionError('the YouTube URL is not valid');
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !YOUTUBE_HOSTS.has(url.hostname)) {
    throw new ExtractionError(`${url.hostname || input} is not a YouTube address`);
  }
  const candidate =
    url.hostname === 'youtu.be' ? url.pathname.split('/')[1] : (url.searchParams.get('v') ?? /^\/(?:shorts|embed|live|v)\/([^/]+)/.exec(url.pathname)?.[1]);
  if (!candidate || !VIDEO_ID.test(candidate)) throw new ExtractionError('no video id was found in the YouTube URL');
  return candidate;
}

const Runs = z.object({ runs: z.array(z.object({ text: z.string() })).optional(), simpleText: z.string().optional() });
const CaptionTrack = z.object({ baseUrl: z.string(), languageCode: z.string().default(''), kind: z.string().optional() });
export type CaptionTrack = z.infer<typeof CaptionTrack>;
const PlayerResponse = z.object({
  playabilityStatus: z
    .object({
      status: z.string(),
      reason: z.string().optional(),
      errorScreen: z.object({ playerErrorMessageRenderer: z.object({ subreason: Runs.optional() }).optional() }).optional(),
    })
    .optional(),
  videoDetails: z.object({ title: z.string().optional(), lengthSeconds: z.coerce.number().optional() }).optional(),
  captions: z.object({ playerCaptionsTracklistRenderer: z.object({ captionTracks: z.array(CaptionTrack).optional() }).optional() }).optional(),
});
type PlayerResponse = z.infer<typeof PlayerResponse>;

const textOf = (runs: z.infer<typeof Runs> | undefined) => (runs?.simpleText ?? runs?.runs?.map((run) => run.text).join('') ?? '').trim();

/** Playable, or the reason it is not, in YouTube's words. */
function assertPlayable(player: PlayerResponse): void {
  const playability = player.playabilityStatus;
  if (!playability || playability.status === 'OK') return;
  const reason = playability.reason?.trim();
  // YouTube puts a sign-in wall in front of some server addresses for a while: worth another try later.
  if (playability.status === 'LOGIN_REQUIRED' && reason && /not a bot/i.test(reason)) {
    throw new CaptionsUnavailableError(`YouTube refused to serve the video to this service for now ("${reason}")`, { retryable: true });
  }
  const detail = textOf(playability.errorScreen?.playerErrorMessageRenderer?.subreason);
  throw new ExtractionError(`the video is not available: ${reason ?? playability.status.toLowerCase()}${detail ? ` (${detail})` : ''}`);
}

const isEnglish = (track: CaptionTrack) => /^en\b/i.test(track.languageCode);
/** A track YouTube withholds unless the request carries a proof-of-origin token, which a server cannot make. */
const needsPoToken = (track: CaptionTrack) => /[?&]exp=xpe(&|$)/.test(track.baseUrl);

/** Among the tracks YouTube serves to a server: manual English, else auto-generated English, else the first. */
export function chooseCaptionTrack(tracks: CaptionTrack[]): CaptionTrack | undefined {
  const served = tracks.filter((track) => !needsPoToken(track));
  return served.find((track) => isEnglish(track) && track.kind !== 'asr') ?? served.find(isEnglish) ?? served[0];
}

export type Cue = { start: number; end: number; text: string };

const ENTITY = /&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|lt|gt|amp|quot|apos|nbsp);/gi;
const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", nbsp: '\u00a0' };
const decodeEntities = (text: string) =>
  text.replace(ENTITY, (match, entity: string) => {
    if (entity[0] !== '#') return NAMED_ENTITIES[entity.toLowerCase()] ?? match;
    const code = entity[1] === 'x' || entity[1] === 'X' ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\uFFFD';
  });

// A tag, a declaration, a run of text, or a stray '<'. No token spans a '<', so broken XML cannot make the scan quadratic.
const TOKEN = /<(\/?)([A-Za-z][\w:.-]*)([^<>]*?)(\/?)>|<[!?][^<>]*>|([^<]+)|</g;
const ATTRIBUTE = /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const FORMATTING_TAGS = /<\/?(?:font|b|i|u|em|strong|span|c)\b[^<>]*>/gi;

const attributesOf = (source: string) => Object.fromEntries([...source.matchAll(ATTRIBUTE)].map((match) => [match[1], match[2] ?? match[3] ?? '']));

/**
 * Both timedtext formats. srv3: `<p t d>` in milliseconds, text directly or in word `<s>` children,
 * escaped once. Classic: `<text start dur>` in seconds, text escaped twice, sometimes with escaped
 * `<font>` markup inside.
 */
export function parseTimedText(xml: string): Cue[] {
  const cues: Cue[] = [];
  let open: { start: number; end: number; twiceEscaped: boolean; raw: string } | null = null;
  const finish = () => {
    if (!open) return;
    const once = decodeEntities(open.raw);
    const text = (open.twiceEscaped ? decodeEntities(once).replace(FORMATTING_TAGS, '') : once).replace(/\s+/g, ' ').trim();
    if (text && Number.isFinite(open.start) && Number.isFinite(open.end)) cues.push({ start: open.start, end: Math.max(open.start, open.end), text });
    open = null;
  };
  for (const [token, closing, name, attributeSource = '', selfClosing, text] of xml.matchAll(TOKEN)) {
    if (text !== undefined || token === '<') {
      if (open) open.raw += text ?? token;
      continue;
    }
    if (!name) continue;
    if (closing) {
      if (name === 'p' || name === 'text') finish();
      continue;
    }
    if (name === 'br') {
      if (open) open.raw += ' ';
      continue;
    }
    const attributes = attributesOf(attributeSource);
    if (name === 'p' && attributes.t !== undefined) {
      const start = Number(attributes.t) / 1000;
      open = { start, end: start + Number(attributes.d ?? 0) / 1000, twiceEscaped: false, raw: '' };
    } else if (name === 'text' && attributes.start !== undefined) {
      const start = Number(attributes.start);
      open = { start, end: start + Number(attributes.dur ?? 0), twiceEscaped: true, raw: '' };
    } else continue;
    if (selfClosing) finish();
  }
  return cues;
}

/** Cues grouped into segments of about a minute; `durationSeconds` caps the times at the video's end. */
export function cuesToContent(cues: Cue[], title: string, durationSeconds?: number): ExtractedContent {
  const cap = (seconds: number) => (durationSeconds ? Math.min(seconds, durationSeconds) : seconds);
  const outline: OutlineEntry[] = [];
  for (const cue of cues) {
    const last = outline.at(-1);
    if (last && cue.start - (last.start ?? 0) < SEGMENT_SECONDS) {
      last.text += ` ${cue.text}`;
      last.end = cap(Math.max(last.end ?? 0, cue.end));
    } else outline.push({ kind: 'segment', index: outline.length, start: cap(cue.start), end: cap(cue.end), text: cue.text });
  }
  return { title, text: outline.map((segment) => segment.text).join('\n\n'), outline };
}

async function fetchPlayer(videoId: string, baseUrl: string, options: YouTubeOptions): Promise<PlayerResponse> {
  try {
    const response = await safeFetch(`${baseUrl}/youtubei/v1/player?prettyPrint=false`, {
      timeoutMs: options.timeoutMs,
      maxBytes: options.maxBytes,
      allowLoopback: options.allowLoopback,
      method: 'POST',
      accept: 'application/json',
      headers: { 'content-type': 'application/json', 'user-agent': INNERTUBE_USER_AGENT },
      body: JSON.stringify({ context: { client: INNERTUBE_CLIENT }, videoId }),
    });
    return PlayerResponse.parse(JSON.parse(response.body.toString('utf8')));
  } catch (error) {
    if (error instanceof SyntaxError || error instanceof z.ZodError)
      throw new ExtractionError('YouTube answered in an unexpected format', { retryable: true, cause: error });
    throw asExtractionError(error);
  }
}

async function fetchCues(track: CaptionTrack, baseUrl: string, options: YouTubeOptions): Promise<Cue[]> {
  let xml: string;
  try {
    const response = await safeFetch(new URL(track.baseUrl, baseUrl).href, {
      timeoutMs: options.timeoutMs,
      maxBytes: options.maxBytes,
      allowLoopback: options.allowLoopback,
      accept: 'text/xml,application/xml',
    });
    xml = response.body.toString('utf8');
  } catch (error) {
    throw asExtractionError(error);
  }
  // An empty body is YouTube withholding the track from this caller: it parses to no cues.
  return parseTimedText(xml);
}

/** The video's title and caption text; a CaptionsUnavailableError when this service cannot read any. */
export async function readYouTubeCaptions(url: string, options: YouTubeOptions): Promise<ExtractedContent> {
  const videoId = videoIdOf(url);
  const baseUrl = (options.baseUrl ?? DEFAULT_YOUTUBE_BASE_URL).replace(/\/+$/, '');
  const player = await fetchPlayer(videoId, baseUrl, options);
  assertPlayable(player);
  const tracks = player.captions?.playerCaptionsTracklistRenderer?.captionTracks ?? [];
  const track = chooseCaptionTrack(tracks);
  if (!track) {
    throw new CaptionsUnavailableError(
      tracks.length ? 'this video has no captions YouTube serves without a browser proof-of-origin token' : 'this video has no captions',
    );
  }
  const cues = await fetchCues(track, baseUrl, options);
  if (cues.length === 0) throw new CaptionsUnavailableError('this video has no captions (YouTube sent an empty caption track)');
  const title = player.videoDetails?.title?.trim() || `YouTube video ${videoId}`;
  return cuesToContent(cues, title, player.videoDetails?.lengthSeconds || undefined);
}
