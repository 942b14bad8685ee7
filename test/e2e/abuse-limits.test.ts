import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ConfigError, loadConfig } from '../../infrastructure/config.ts';
import { startTestService, type TestService } from '../support/service.ts';

// The smaller findings of the security probe (issue 17): each of these failed before its fix.

describe('limits a hostile or careless client meets', () => {
  let dataDir: string;
  let service: TestService;
  let apiKey: string;
  const env = { MAX_UPLOAD_BYTES: '2000', FAILED_AUTH_PER_MINUTE: '3' };

  const staleWrite = () => join(dataDir, 'blobs', 'uploads', 'crashed', 'source.abc123.partial');
  const freshWrite = () => join(dataDir, 'blobs', 'uploads', 'crashed', 'source.def456.partial');

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'lcs-abuse-'));
    // What a SIGKILL mid-upload leaves: temporary files of writes that never finished.
    await mkdir(join(dataDir, 'blobs', 'uploads', 'crashed'), { recursive: true });
    await writeFile(staleWrite(), 'half a file');
    await writeFile(freshWrite(), 'being written by another process');
    const hourAgo = new Date(Date.now() - 3_600_000);
    await utimes(staleWrite(), hourAgo, hourAgo);
    service = await startTestService(env, { dataDir });
    apiKey = (await service.createOrganization()).apiKey;
  });

  after(async () => {
    await service.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('temporary files a crash left behind are removed at start-up; a live writer’s are not', async () => {
    await assert.rejects(stat(staleWrite()), { code: 'ENOENT' });
    await stat(freshWrite());
  });

  test('a chunked PUT larger than the limit to a signed upload URL is a 413, not a 500', async () => {
    const created = await service.call('POST', '/v1/sources/upload-url', { apiKey, json: { fileName: 'notes.txt', sourceType: 'file' } });
    const chunks = Readable.from(
      (function* () {
        for (let i = 0; i < 10; i++) yield Buffer.from('Photosynthesis stores light as chemical energy. '.repeat(10));
      })(),
    );
    const put = await fetch(created.body.uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': 'text/plain' },
      body: Readable.toWeb(chunks) as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    assert.equal(put.status, 413);
    assert.match(((await put.json()) as { error: string }).error, /larger than the limit of 2000 bytes/);
  });

  test('a lecture recording must be audio or video', async () => {
    const created = await service.call('POST', '/v1/sources/upload-url', { apiKey, json: { fileName: 'talk.mp3', sourceType: 'lectureAudio' } });
    const text = await fetch(created.body.uploadUrl, { method: 'PUT', headers: { 'content-type': 'audio/mpeg' }, body: 'not audio at all, just text' });
    assert.equal(text.status, 415);
    assert.match(((await text.json()) as { error: string }).error, /no MP3, MP4\/M4A\/MOV, WAV, Ogg or WebM/);
    const audio = await fetch(created.body.uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': 'audio/mpeg' },
      body: Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00'), Buffer.alloc(200)]),
    });
    assert.equal(audio.status, 200);
  });

  test('generating from a pending source is a 409 that says to upload the file first, and takes no slot', async () => {
    const created = await service.call('POST', '/v1/sources/upload-url', { apiKey, json: { fileName: 'later.pdf', sourceType: 'file' } });
    for (let i = 0; i < 6; i++) {
      const response = await service.call('POST', `/v1/sources/${created.body.sourceId}/flashcards`, { apiKey, json: {} });
      assert.equal(response.status, 409);
      assert.match(response.body.error, /upload the file to its upload URL first/);
    }
  });

  test('URLs with credentials are refused before anything is stored', async () => {
    const form = new FormData();
    form.append('source', JSON.stringify({ sourceType: 'webpage', url: 'https://teacher:hunter2@example.com/page' }));
    const response = await service.call('POST', '/v1/ingestSource', { apiKey, body: form });
    assert.equal(response.status, 400);
    assert.match(response.body.error, /must not contain a user name or password/);
    assert.doesNotMatch(JSON.stringify((await service.call('GET', '/v1/sources', { apiKey })).body), /hunter2/);
  });

  test('one file-name rule on both upload paths', async () => {
    const form = new FormData();
    form.append('source', '{"sourceType":"file"}');
    form.append('file', new Blob(['Some notes.']), `${'n'.repeat(5000)}.txt`);
    const multipart = await service.call('POST', '/v1/ingestSource', { apiKey, body: form });
    assert.equal(multipart.status, 400);
    assert.match(multipart.body.error, /the file name must be at most 255 characters/);
    const signed = await service.call('POST', '/v1/sources/upload-url', { apiKey, json: { fileName: `${'n'.repeat(300)}.txt`, sourceType: 'file' } });
    assert.equal(signed.status, 400);
    assert.match(signed.body.error, /fileName must be at most 255 characters/);
  });

  test('deleting a source deletes what was generated from it unless cascade=false', async () => {
    const form = () => {
      const body = new FormData();
      body.append('source', '{"sourceType":"file"}');
      body.append(
        'file',
        new Blob(['Photosynthesis is the process by which plants turn light into chemical energy. Chlorophyll absorbs light.']),
        'lesson.txt',
      );
      return body;
    };
    for (const [query, kept] of [
      ['', false],
      ['?cascade=false', true],
    ] as const) {
      const source = await service.call('POST', '/v1/ingestSource', { apiKey, body: form() });
      const mindmap = await service.call('POST', `/v1/sources/${source.body.data.id}/mindmaps`, { apiKey, json: {} });
      assert.ok([200, 202].includes(mindmap.status), JSON.stringify(mindmap.body));
      assert.equal((await service.call('DELETE', `/v1/sources/${source.body.data.id}${query}`, { apiKey })).status, 200);
      assert.equal((await service.call('GET', `/v1/mindmaps/${mindmap.body.data.id}`, { apiKey })).status, kept ? 200 : 404);
    }
    assert.equal((await service.call('DELETE', '/v1/sources/x?cascade=maybe', { apiKey })).status, 400);
  });

  test('an Idempotency-Key replays its first answer after a restart of the embedded service', async () => {
    const form = () => {
      const body = new FormData();
      body.append('source', '{"sourceType":"webpage","url":"https://example.com/retry"}');
      return body;
    };
    const headers = { 'idempotency-key': 'retry-across-restart' };
    const first = await service.call('POST', '/v1/ingestSource', { apiKey, body: form(), headers });
    assert.equal(first.status, 200);
    await service.stop();
    service = await startTestService(env, { dataDir });
    const retry = await service.call('POST', '/v1/ingestSource', { apiKey, body: form(), headers });
    assert.equal(retry.status, 200);
    assert.equal(retry.headers.get('idempotent-replayed'), 'true');
    assert.equal(retry.body.data.id, first.body.data.id);
    const listed = (await service.call('GET', '/v1/sources?limit=200', { apiKey })).body.data as { url?: string }[];
    assert.equal(listed.filter((source) => source.url === 'https://example.com/retry').length, 1);
  });

  test('failed authentication is throttled per client address, with Retry-After', async () => {
    for (let i = 0; i < 3; i++) assert.equal((await service.call('GET', '/v1/sources', { apiKey: `lcs_wrong_key_guess_number_${i}_000000` })).status, 401);
    const throttled = await service.call('GET', '/v1/sources', { apiKey: 'lcs_wrong_key_guess_number_4_000000' });
    assert.equal(throttled.status, 429);
    assert.ok(Number(throttled.headers.get('retry-after')) >= 1);
    assert.equal(
      (await service.call('GET', '/v1/sources', { apiKey })).status,
      429,
      'the address is throttled until the minute is over, whatever key it sends',
    );
  });

  test('ADMIN_KEY must be at least 32 characters', () => {
    assert.throws(
      () => loadConfig({ ADMIN_KEY: 'sixteen-chars-ok' }),
      (error: unknown) => error instanceof ConfigError && /ADMIN_KEY.*at least 32 characters/.test(error.message),
    );
    assert.equal(loadConfig({ ADMIN_KEY: 'k'.repeat(32) }).ADMIN_KEY, 'k'.repeat(32));
  });
});
