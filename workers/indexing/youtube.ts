import { z } from 'zod';
import type { ExtractedContent, OutlineEntry } from '../../domain/learning-content.ts';
import { safeFetch } from '../../infrastructure/web/safe-fetch.ts';
import { ExtractionError } from './extractor.ts';
import { asExtractionError, type WebOptions } from './web-errors.ts';

// A YouTube video's captions through YouTube's own endpoints: the InnerTube player response lists the
// caption tracks and the title; a track's timedtext XML comes as srv3 (<p t d> in ms) or classic
// (<text start dur> in seconds). Segments of about a minute become the outline.

const SEGMENT_SECONDS = 60;
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtu.be', 'www.youtube-nocookie.com', 'youtube-nocookie.com']);

export function videoIdOf(input: string): string {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new ExtractionError('the YouTube URL is not valid');
  }
  if (!YOUTUBE_HOSTS.has(url.hostname.toLowerCase())) throw new ExtractionError(`${url.hostname} is not a YouTube address`);
  const candidate =
    url.hostname === 'youtu.be' ? url.pathname.slice(1).split('/')[0] : (url.searchParams.get('v') ?? /^\/(?:shorts|embed|live|v)\/([^/?#]+)/.exec(url.pathname)?.[1]);
  if (!candidate || !VIDEO_ID.test(candidate)) throw new ExtractionError('no video id was found in the YouTube URL');
  return candidate;
}

const PlayerResponse = z.object({
  playabilityStatus: z.object({ status: z.string(), reason: z.string().optional() }).optional(),
  videoDetails: z.object({ title: z.string().optional(), lengthSeconds: z.string().optional() }).optional(),
  captions: z
    .object({
      playerCaptionsTracklistRenderer: z
        .object({ captionTracks: z.array(z.object({ baseUrl: z.string(), languageCode: z.string().optional(), kind: z.string().optional() })).optional() })
        .optional(),
    })
    .optional(),
});

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (match, entity: string) => {
    if (entity[0] === '#') {
      const code = entity[1]?.toLowerCase() === 'x' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : match;
    }
    return entities[entity.toLowerCase()] ?? match;
  });
const clean = (xmlText: string) => decodeEntities(decodeEntities(xmlText.replace(/<[^>]+>/g, ''))).replace(/\s+/g, ' ').trim();

export type Cue = { start: number; end: number; text: string };

/** Both timedtext formats: srv3 (milliseconds) and classic (seconds). */
export function parseTimedText(xml: string): Cue[] {
  const cues: Cue[] = [];
  for (const match of xml.matchAll(/<p\b([^>]*)>([\s\S]*?)<\/p>/g)) {
    const t = Number(/\bt="(\d+)"/.exec(match[1] ?? '')?.[1]);
    const d = Number(/\bd="(\d+)"/.exec(match[1] ?? '')?.[1] ?? 0);
    const text = clean(match[2] ?? '');
    if (Number.isFinite(t) && text) cues.push({ start: t / 1000, end: (t + d) / 1000, text });
  }
  if (cues.length > 0) return cues;
  for (const match of xml.matchAll(/<text\b([^>]*)>([\s\S]*?)<\/text>/g)) {
    const start = Number(/\bstart="([\d.]+)"/.exec(match[1] ?? '')?.[1]);
    const duration = Number(/\bdur="([\d.]+)"/.exec(match[1] ?? '')?.[1] ?? 0);
    const text = clean(match[2] ?? '');
    if (Number.isFinite(start) && text) cues.push({ start, end: start + duration, text });
  }
  return cues;
}

export function cuesToContent(cues: Cue[], title: string): ExtractedContent {
  const outline: OutlineEntry[] = [];
  for (const cue of cues) {
    const last = outline.at(-1);
    if (last && cue.start - (last.start ?? 0) < SEGMENT_SECONDS) {
      last.text += ` ${cue.text}`;
      last.end = Math.max(last.end ?? 0, cue.end);
    } else outline.push({ kind: 'segment', index: outline.length, start: cue.start, end: cue.end, text: cue.text });
  }
  return { title, text: outline.map((segment) => segment.text).join('\n\n'), outline };
}

export async function readYouTubeCaptions(url: string, options: WebOptions & { baseUrl: string }): Promise<ExtractedContent> {
  const videoId = videoIdOf(url);
  const fetchOptions = { timeoutMs: options.timeoutMs, maxBytes: options.maxBytes, allowLoopback: options.allowLoopback };
  let player: z.infer<typeof PlayerResponse>;
  try {
    const response = await safeFetch(`${options.baseUrl.replace(/\/$/, '')}/youtubei/v1/player?prettyPrint=false`, {
      ...fetchOptions,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ context: { client: { clientName: 'WEB', clientVersion: '2.20250101.00.00', hl: 'en' } }, videoId }),
      accept: 'application/json',
    });
    player = PlayerResponse.parse(JSON.parse(response.body.toString('utf8')));
  } catch (error) {
    if (error instanceof SyntaxError || error instanceof z.ZodError) throw new ExtractionError('YouTube answered in an unexpected format', { retryable: true });
    throw asExtractionError(error);
  }
  const status = player.playabilityStatus?.status ?? 'OK';
  if (status !== 'OK') throw new ExtractionError(`the video is not available${player.playabilityStatus?.reason ? `: ${player.playabilityStatus.reason}` : ` (${status.toLowerCase()})`}`);
  const tracks = player.captions?.playerCaptionsTracklistRenderer?.captionTracks ?? [];
  const english = (track: { languageCode?: string }) => track.languageCode?.toLowerCase().startsWith('en') ?? false;
  const track = tracks.find((t) => english(t) && t.kind !== 'asr') ?? tracks.find(english) ?? tracks[0];
  if (!track) throw new ExtractionError('this video has no captions');
  let xml: string;
  try {
    xml = (await safeFetch(new URL(track.baseUrl, options.baseUrl).href, { ...fetchOptions, accept: 'text/xml' })).body.toString('utf8');
  } catch (error) {
    throw asExtractionError(error);
  }
  const cues = parseTimedText(xml);
  if (cues.length === 0) throw new ExtractionError('this video has no captions');
  return cuesToContent(cues, player.videoDetails?.title?.trim() || `YouTube video ${videoId}`);
}
