import { createServer } from 'node:http';

// A local stand-in for YouTube's player endpoint and timedtext captions, in the shapes YouTube
// serves: a player response listing caption tracks, and srv3 or classic timedtext XML.

export type FakeVideo = {
  title: string;
  status?: 'OK' | 'ERROR' | 'LOGIN_REQUIRED';
  reason?: string;
  captions?: { format: 'srv3' | 'classic'; languageCode?: string; kind?: 'asr'; cues: { start: number; duration: number; text: string }[] };
};

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#39;');

export async function startFakeYouTube(videos: Record<string, FakeVideo>) {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (url.pathname === '/youtubei/v1/player' && req.method === 'POST') {
      const { videoId } = JSON.parse(Buffer.concat(chunks).toString() || '{}') as { videoId?: string };
      const video = videoId ? videos[videoId] : undefined;
      const body = !video
        ? { playabilityStatus: { status: 'ERROR', reason: 'Video unavailable' } }
        : {
            playabilityStatus: { status: video.status ?? 'OK', ...(video.reason ? { reason: video.reason } : {}) },
            videoDetails: { videoId, title: video.title, lengthSeconds: '300', author: 'Fake Channel' },
            ...(video.captions
              ? {
                  captions: {
                    playerCaptionsTracklistRenderer: {
                      captionTracks: [
                        {
                          baseUrl: `${base()}/api/timedtext?v=${videoId}&lang=${video.captions.languageCode ?? 'en'}${video.captions.format === 'srv3' ? '&fmt=srv3' : ''}`,
                          name: { simpleText: 'English' },
                          vssId: `.${video.captions.languageCode ?? 'en'}`,
                          languageCode: video.captions.languageCode ?? 'en',
                          ...(video.captions.kind ? { kind: video.captions.kind } : {}),
                          isTranslatable: true,
                        },
                      ],
                      audioTracks: [{ captionTrackIndices: [0] }],
                    },
                  },
                }
              : {}),
          };
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(body));
    }
    if (url.pathname === '/api/timedtext') {
      const captions = videos[url.searchParams.get('v') ?? '']?.captions;
      if (!captions) {
        res.writeHead(404);
        return res.end();
      }
      const xml =
        captions.format === 'srv3'
          ? `<?xml version="1.0" encoding="utf-8" ?><timedtext format="3"><body>${captions.cues
              .map((cue) => `<p t="${Math.round(cue.start * 1000)}" d="${Math.round(cue.duration * 1000)}">${escapeXml(cue.text)}</p>`)
              .join('')}</body></timedtext>`
          : `<?xml version="1.0" encoding="utf-8" ?><transcript>${captions.cues
              .map((cue) => `<text start="${cue.start}" dur="${cue.duration}">${escapeXml(escapeXml(cue.text))}</text>`)
              .join('')}</transcript>`;
      res.writeHead(200, { 'content-type': 'text/xml; charset=UTF-8' });
      return res.end(xml);
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = () => `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { baseUrl: base(), close: () => new Promise((resolve) => server.close(resolve)) };
}
