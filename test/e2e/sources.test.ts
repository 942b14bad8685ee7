import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { makePdf } from '../support/make-pdf.ts';
import { startTestService, type TestService } from '../support/service.ts';
import { ingestFile, uploadThroughUrl, waitForSource } from '../support/sources.ts';

const pdf = makePdf(
  [
    ['Cell Biology', 'The mitochondrion is the powerhouse of the cell.'],
    ['Ribosomes build proteins from amino acids.'],
    ['The nucleus stores the genetic material of the cell.'],
  ],
  { title: 'Cell Biology Basics' },
);
const txt = Buffer.from('# Volcanoes\n\nA volcano is an opening in the crust of a planet.\n\n## Magma\n\nMagma is molten rock below the surface.\n');
const PNG_HEADER = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a3e1b1ad0000000049454e44ae426082',
  'hex',
);

describe('sources over HTTP', () => {
  let service: TestService;
  let apiKey: string;
  let otherKey: string;

  before(async () => {
    service = await startTestService({ MAX_UPLOAD_BYTES: String(256 * 1024), UPLOAD_URL_TTL_SECONDS: '60' });
    apiKey = (await service.createOrganization('Readers')).apiKey;
    otherKey = (await service.createOrganization('Others')).apiKey;
  });
  after(() => service.stop());

  test('ingestSource with a file: processing at once, then indexed with its pages', async () => {
    const response = await ingestFile(service, apiKey, { name: 'cells.pdf', bytes: pdf, type: 'application/pdf' }, { course: 'BIO-101' });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    const source = response.body.data;
    assert.equal(source.status, 'processing');
    assert.equal(source.sourceType, 'file');
    assert.deepEqual(source.metadata, { course: 'BIO-101' });
    assert.ok(source.id && source.createdAt && source.updatedAt);

    const indexed = await waitForSource(service, apiKey, source.id);
    assert.equal(indexed.status, 'indexed', indexed.error);
    assert.equal(indexed.title, 'Cell Biology Basics');
    assert.equal(indexed.language, 'en');
    assert.ok(indexed.wordCount > 15);

    const content = await service.call('GET', `/v1/sources/${source.id}/content`, { apiKey });
    assert.equal(content.status, 200);
    assert.match(content.body.data.text, /powerhouse of the cell/);
    assert.deepEqual(
      content.body.data.outline.map((entry: { kind: string }) => entry.kind),
      ['page', 'page', 'page'],
    );
    assert.match(content.body.data.outline[1].text, /Ribosomes build proteins/);
  });

  test('the upload-URL flow: pending, PUT, then indexed with no further call', async () => {
    const created = await service.call('POST', '/v1/sources/upload-url', { apiKey, json: { fileName: 'volcanoes.txt', sourceType: 'file' } });
    assert.equal(created.status, 200);
    const { uploadUrl, fileKey, sourceId } = created.body;
    assert.ok(uploadUrl && fileKey && sourceId);
    const pending = await service.call('GET', `/v1/sources/${sourceId}`, { apiKey });
    assert.equal(pending.body.data.status, 'pending');

    const put = await fetch(uploadUrl, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: txt });
    assert.equal(put.status, 200, await put.clone().text());
    const indexed = await waitForSource(service, apiKey, sourceId);
    assert.equal(indexed.status, 'indexed', indexed.error);
    assert.equal(indexed.title, 'Volcanoes');
    const content = await service.call('GET', `/v1/sources/${sourceId}/content`, { apiKey });
    assert.match(content.body.data.text, /Magma is molten rock/);

    const again = await fetch(uploadUrl, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: txt });
    assert.equal(again.status, 409, 'an upload URL works once');
    assert.match(((await again.json()) as { error: string }).error, /already been used/);
  });

  test('a tampered upload URL is refused, and so is a wrong Content-Type', async () => {
    const created = await service.call('POST', '/v1/sources/upload-url', { apiKey, json: { fileName: 'notes.txt', sourceType: 'file' } });
    const url = new URL(created.body.uploadUrl);
    const tampered = new URL(url);
    tampered.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    assert.equal((await fetch(tampered, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: txt })).status, 403);
    assert.equal((await fetch(url, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: txt })).status, 415);
  });

  test('an expired upload URL is refused', async () => {
    let skew = 0;
    const short = await startTestService({ UPLOAD_URL_TTL_SECONDS: '10' }, { clock: () => new Date(Date.now() + skew) });
    try {
      const key = (await short.createOrganization()).apiKey;
      const created = await short.call('POST', '/v1/sources/upload-url', { apiKey: key, json: { fileName: 'a.txt', sourceType: 'file' } });
      const url = new URL(created.body.uploadUrl);
      skew = 11_000;
      const response = await fetch(url, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: txt });
      assert.equal(response.status, 410);
      assert.match(((await response.json()) as { error: string }).error, /expired/);
    } finally {
      await short.stop();
    }
  });

  test('list: newest first, _id, only the organization’s own, with cursor pagination', async () => {
    const org = await service.createOrganization('Lister');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await ingestFile(service, org.apiKey, { name: `n${i}.txt`, bytes: Buffer.from(`Note number ${i} is about lists.`) });
      ids.push(response.body.data.id);
    }
    const first = await service.call('GET', '/v1/sources?limit=2', { apiKey: org.apiKey });
    assert.equal(first.status, 200);
    assert.deepEqual(
      first.body.data.map((s: { _id: string }) => s._id),
      [ids[4], ids[3]],
    );
    assert.ok(first.body.data.every((s: Record<string, unknown>) => !('id' in s) && !('organizationId' in s) && !('blob' in s)));
    const second = await service.call('GET', `/v1/sources?limit=2&cursor=${encodeURIComponent(first.body.nextCursor)}`, { apiKey: org.apiKey });
    const third = await service.call('GET', `/v1/sources?limit=2&cursor=${encodeURIComponent(second.body.nextCursor)}`, { apiKey: org.apiKey });
    assert.deepEqual(
      [...second.body.data, ...third.body.data].map((s: { _id: string }) => s._id),
      [ids[2], ids[1], ids[0]],
    );
    assert.equal(third.body.nextCursor, undefined);
    const others = await service.call('GET', '/v1/sources', { apiKey: otherKey });
    assert.ok(!others.body.data.some((s: { _id: string }) => ids.includes(s._id)));
    assert.equal((await service.call('GET', '/v1/sources?limit=0', { apiKey })).status, 400);
    assert.equal((await service.call('GET', '/v1/sources?limit=abc', { apiKey })).status, 400);
  });

  test('another organization gets 403, an unknown id 404, and delete removes the stored bytes', async () => {
    const response = await ingestFile(service, apiKey, { name: 'mine.txt', bytes: Buffer.from('Private notes about owls and their habits.') });
    const id = response.body.data.id;
    await waitForSource(service, apiKey, id);
    assert.equal((await service.call('GET', `/v1/sources/${id}`, { apiKey: otherKey })).status, 403);
    assert.equal((await service.call('GET', `/v1/sources/${id}/content`, { apiKey: otherKey })).status, 403);
    assert.equal((await service.call('DELETE', `/v1/sources/${id}`, { apiKey: otherKey })).status, 403);
    assert.equal((await service.call('GET', '/v1/sources/00000000-0000-0000-0000-000000000000', { apiKey })).status, 404);

    const blobsBefore = await listFiles(join(service.dataDir, 'blobs'));
    assert.ok(blobsBefore.some((file) => file.includes(id)));
    const deleted = await service.call('DELETE', `/v1/sources/${id}`, { apiKey });
    assert.equal(deleted.status, 200);
    assert.equal(typeof deleted.body.message, 'string');
    assert.equal((await service.call('GET', `/v1/sources/${id}`, { apiKey })).status, 404);
    assert.ok(!(await listFiles(join(service.dataDir, 'blobs'))).some((file) => file.includes(id)), 'bytes and extracted text are gone');
    assert.equal((await service.call('DELETE', `/v1/sources/${id}`, { apiKey })).status, 404);
  });

  test('bad ingest requests are 400s naming the problem', async () => {
    const send = async (parts: [string, string | Blob, string?][], contentType?: string) => {
      const form = new FormData();
      for (const [name, value, fileName] of parts) {
        if (typeof value === 'string') form.append(name, value);
        else form.append(name, value, fileName);
      }
      return service.call('POST', '/v1/ingestSource', { apiKey, body: form, ...(contentType ? { headers: { 'content-type': contentType } } : {}) });
    };
    const file = new Blob(['Some words for a file.'], { type: 'text/plain' });
    const cases: [Awaited<ReturnType<typeof send>>, number, RegExp][] = [
      [await send([['file', file, 'a.txt']]), 400, /"source" part is required/],
      [await send([['source', '{not json']]), 400, /JSON/],
      [await send([['source', '[1]']]), 400, /JSON object/],
      [await send([['source', JSON.stringify({ sourceType: 'podcast' })]]), 400, /sourceType/],
      [await send([['source', JSON.stringify({ sourceType: 'file' })]]), 400, /"file" part is required/],
      [await send([['source', JSON.stringify({ sourceType: 'webpage' })]]), 400, /url is required/],
      [await send([['source', JSON.stringify({ sourceType: 'webpage', url: 'ftp://example.com/x' })]]), 400, /http or https/],
      [await send([['source', JSON.stringify({ sourceType: 'youtube', url: 'not a url' })]]), 400, /url/],
      [
        await send([
          ['source', JSON.stringify({ sourceType: 'file', metadata: 'x' })],
          ['file', file, 'a.txt'],
        ]),
        400,
        /metadata/,
      ],
      [
        await send([
          ['source', JSON.stringify({ sourceType: 'file' })],
          ['other', 'x'],
          ['file', file, 'a.txt'],
        ]),
        400,
        /unexpected part/,
      ],
    ];
    for (const [response, status, message] of cases) {
      assert.equal(response.status, status, JSON.stringify(response.body));
      assert.match(response.body.error, message);
    }
    const notMultipart = await service.call('POST', '/v1/ingestSource', { apiKey, json: { sourceType: 'file' } });
    assert.equal(notMultipart.status, 415);
    const noBoundary = await service.call('POST', '/v1/ingestSource', { apiKey, body: 'x', headers: { 'content-type': 'multipart/form-data' } });
    assert.equal(noBoundary.status, 400);
  });

  test('oversize files are 413 on both paths, unsupported bytes 415', async () => {
    const big = Buffer.alloc(300 * 1024, 'a');
    const response = await ingestFile(service, apiKey, { name: 'big.txt', bytes: big });
    assert.equal(response.status, 413);
    const viaUrl = await uploadThroughUrl(service, apiKey, { name: 'big.txt', bytes: big, type: 'text/plain' });
    assert.equal(viaUrl.putStatus, 413);
    const binary = await ingestFile(service, apiKey, { name: 'tool.exe', bytes: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0xff, 0xff]) });
    assert.equal(binary.status, 415);
    const badName = await service.call('POST', '/v1/sources/upload-url', { apiKey, json: { fileName: 'tool.exe', sourceType: 'file' } });
    assert.equal(badName.status, 415);
  });

  test('a file whose bytes contradict its name fails with a clear reason', async () => {
    const response = await ingestFile(service, apiKey, { name: 'report.pdf', bytes: PNG_HEADER, type: 'application/pdf' });
    assert.equal(response.status, 200);
    const failed = await waitForSource(service, apiKey, response.body.data.id);
    assert.equal(failed.status, 'failed');
    assert.match(failed.error, /PNG/i);
    const content = await service.call('GET', `/v1/sources/${response.body.data.id}/content`, { apiKey });
    assert.equal(content.status, 409);
  });
});

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true }).catch(() => [] as string[]);
  return entries.map(String);
}
