import { createServer } from 'node:http';

// A local stand-in for the Cloud Storage JSON API: the uploads, metadata reads, downloads and
// deletes that @google-cloud/storage sends when pointed at it with `apiEndpoint`.

export type FakeObject = { bytes: Buffer; contentType?: string };

export async function startFakeGcs() {
  const objects = new Map<string, FakeObject>();
  const requests: string[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    const metadata = (bucket: string, name: string, object: FakeObject) => ({
      kind: 'storage#object',
      bucket,
      name,
      size: String(object.bytes.length),
      contentType: object.contentType ?? 'application/octet-stream',
      generation: '1',
    });
    const upload = /^\/upload\/storage\/v1\/b\/([^/]+)\/o$/.exec(url.pathname);
    if (upload && req.method === 'POST') {
      const bucket = decodeURIComponent(upload[1] as string);
      let name = url.searchParams.get('name') ?? '';
      let object: FakeObject = { bytes: body };
      const boundary = /boundary="?([^";]+)"?/.exec(String(req.headers['content-type']))?.[1];
      if (url.searchParams.get('uploadType') === 'multipart' && boundary) {
        const text = body.toString('latin1');
        const parts = text
          .split(`--${boundary}`)
          .slice(1, -1)
          .map((part) => part.replace(/^\r\n/, ''));
        const [metaPart = '', mediaPart = ''] = parts;
        const meta = JSON.parse(metaPart.slice(metaPart.indexOf('\r\n\r\n') + 4).trim() || '{}') as { name?: string; contentType?: string };
        const headers = mediaPart.slice(0, mediaPart.indexOf('\r\n\r\n'));
        const media = mediaPart.slice(mediaPart.indexOf('\r\n\r\n') + 4).replace(/\r\n$/, '');
        name = meta.name ?? name;
        object = { bytes: Buffer.from(media, 'latin1'), contentType: meta.contentType ?? /content-type:\s*(.+)/i.exec(headers)?.[1]?.trim() };
      }
      objects.set(`${bucket}/${name}`, object);
      return json(200, metadata(bucket, name, object));
    }
    const objectPath = /^\/(?:download\/)?storage\/v1\/b\/([^/]+)\/o\/(.+)$/.exec(url.pathname);
    if (objectPath) {
      const bucket = decodeURIComponent(objectPath[1] as string);
      const name = decodeURIComponent(objectPath[2] as string);
      const object = objects.get(`${bucket}/${name}`);
      if (!object) return json(404, { error: { code: 404, message: 'No such object', errors: [{ reason: 'notFound' }] } });
      if (req.method === 'DELETE') {
        objects.delete(`${bucket}/${name}`);
        res.writeHead(204);
        return res.end();
      }
      if (url.searchParams.get('alt') === 'media') {
        res.writeHead(200, { 'content-type': object.contentType ?? 'application/octet-stream', 'content-length': object.bytes.length });
        return res.end(object.bytes);
      }
      return json(200, metadata(bucket, name, object));
    }
    json(404, { error: { code: 404, message: `no fake for ${req.method} ${url.pathname}` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    apiEndpoint: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
