import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestService, type TestService } from '../support/service.ts';
import { ingestUrl, waitForSource } from '../support/sources.ts';

// A poison corpus in every free-form field of every route (issue 17): each value is answered 400 or
// stored harmlessly, never a 5xx; after each, another organization's write is still projected
// within a second; and after a restart every key still works.

/** JSON texts, written raw so that escapes reach the server as a client would send them. */
const values: Record<string, string> = {
  'deep array': `${'['.repeat(5000)}${']'.repeat(5000)}`,
  'deep object': `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
  'wide object': `{${Array.from({ length: 20_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`,
  'huge string': JSON.stringify('x'.repeat(900_000)),
  'escaped NUL': '"before\\u0000after"',
  'lone high surrogate': '"\\ud800"',
  'lone low surrogate': '"\\udfff tail"',
  'RTL override and BOM': JSON.stringify('\u202eevil\ufeff\u200f'),
  'astral characters': JSON.stringify('𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🧪'),
  'largest double': '1.7976931348623157e308',
  'beyond safe integers': '9007199254740993',
  'negative zero': '-0',
  underflow: '1e-400',
  'empty string': '""',
  null: 'null',
  'array of strings': '["a","b"]',
};

/** Where each value goes: a route, and how the value is put into its request. */
type Field = { name: string; method: string; path: string; auth: 'api' | 'admin'; body: (value: string) => string | FormData; contentType?: string };

const multipart = (sourceJson: string) => {
  const form = new FormData();
  form.append('source', sourceJson);
  return form;
};

const fields = (sourceId: string): Field[] => [
  { name: 'createOrganization.name', method: 'POST', path: '/v1/createOrganization', auth: 'admin', body: (v) => `{"name":${v},"url":"https://x.example"}` },
  { name: 'createOrganization.url', method: 'POST', path: '/v1/createOrganization', auth: 'admin', body: (v) => `{"name":"X","url":${v}}` },
  { name: 'upload-url.fileName', method: 'POST', path: '/v1/sources/upload-url', auth: 'api', body: (v) => `{"fileName":${v},"sourceType":"file"}` },
  { name: 'upload-url.sourceType', method: 'POST', path: '/v1/sources/upload-url', auth: 'api', body: (v) => `{"fileName":"a.pdf","sourceType":${v}}` },
  {
    name: 'upload-url.metadata',
    method: 'POST',
    path: '/v1/sources/upload-url',
    auth: 'api',
    body: (v) => `{"fileName":"a.pdf","sourceType":"file","metadata":${v}}`,
  },
  {
    name: 'upload-url.metadata value',
    method: 'POST',
    path: '/v1/sources/upload-url',
    auth: 'api',
    body: (v) => `{"fileName":"a.pdf","sourceType":"file","metadata":{"note":${v}}}`,
  },
  { name: 'ingestSource.source', method: 'POST', path: '/v1/ingestSource', auth: 'api', body: (v) => multipart(v) },
  { name: 'ingestSource.url', method: 'POST', path: '/v1/ingestSource', auth: 'api', body: (v) => multipart(`{"sourceType":"webpage","url":${v}}`) },
  {
    name: 'ingestSource.metadata',
    method: 'POST',
    path: '/v1/ingestSource',
    auth: 'api',
    body: (v) => multipart(`{"sourceType":"webpage","url":"https://x.example/a","metadata":${v}}`),
  },
  {
    name: 'ingestSource.metadata value',
    method: 'POST',
    path: '/v1/ingestSource',
    auth: 'api',
    body: (v) => multipart(`{"sourceType":"webpage","url":"https://x.example/b","metadata":{"note":${v}}}`),
  },
  { name: 'quizzes.numberOfQuestions', method: 'POST', path: `/v1/sources/${sourceId}/quizzes`, auth: 'api', body: (v) => `{"numberOfQuestions":${v}}` },
  { name: 'flashcards.difficulty', method: 'POST', path: `/v1/sources/${sourceId}/flashcards`, auth: 'api', body: (v) => `{"difficulty":${v}}` },
  { name: 'mindmaps body', method: 'POST', path: `/v1/sources/${sourceId}/mindmaps`, auth: 'api', body: (v) => v },
];

/** Query parameters and path segments: what a URL can carry of the same values. */
const urlValues = ['%00', '%ED%A0%80', '\u202e', '9'.repeat(400), '-1', '1e309', '%2F..%2F..', `${'a'.repeat(5000)}`, '{"$gt":""}'];
const urls = (value: string) => [
  `/v1/sources?limit=${value}`,
  `/v1/sources?cursor=${value}`,
  `/v1/quizzes?sourceId=${value}`,
  `/v1/events?after=${value}`,
  `/v1/sources/${value}`,
  `/v1/mindmaps/${value}`,
];

describe('the poison corpus', () => {
  let dataDir: string;
  let service: TestService;
  let attacker: string;
  let victim: string;
  let sourceId: string;

  const victimProjected = async (after: string) => {
    const started = Date.now();
    const form = new FormData();
    form.append('source', '{"sourceType":"webpage","url":"https://victim.example/page"}');
    const created = await service.call('POST', '/v1/ingestSource', { apiKey: victim, body: form });
    assert.equal(created.status, 200, `after ${after}: ${JSON.stringify(created.body)}`);
    assert.ok(Date.now() - started < 1000, `after ${after}: projected within a second`);
  };

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'lcs-corpus-'));
    service = await startTestService({ RATE_LIMIT_PER_MINUTE: '100000', FAILED_AUTH_PER_MINUTE: '100000' }, { dataDir });
    attacker = (await service.createOrganization('Attacker')).apiKey;
    victim = (await service.createOrganization('Victim')).apiKey;
    const form = new FormData();
    form.append('source', '{"sourceType":"file"}');
    form.append('file', new Blob(['Osmosis moves water across a membrane from low to high solute concentration.']), 'osmosis.txt');
    sourceId = (await service.call('POST', '/v1/ingestSource', { apiKey: attacker, body: form })).body.data.id;
    // The first web page loads the page reader (linkedom, Readability), which holds this process's
    // event loop for a second or more on a busy machine: loaded here, before anything is timed.
    await waitForSource(service, victim, (await ingestUrl(service, victim, 'webpage', 'https://warm-up.invalid/')).body.data.id);
  });

  after(async () => {
    await service.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('every value in every JSON field is a 400 or stored harmlessly, and projections go on', async () => {
    const outcomes = new Map<string, number>();
    for (const field of fields(sourceId)) {
      for (const [label, value] of Object.entries(values)) {
        const body = field.body(value);
        const response = await service.call(field.method, field.path, {
          ...(field.auth === 'api' ? { apiKey: attacker } : { adminKey: service.adminKey }),
          body,
          ...(typeof body === 'string' ? { headers: { 'content-type': 'application/json' } } : {}),
        });
        assert.ok(response.status < 500, `${field.name} ← ${label}: ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`);
        assert.equal(typeof response.body?.error === 'string' || response.status < 300, true, `${field.name} ← ${label}: an error body`);
        outcomes.set(String(response.status), (outcomes.get(String(response.status)) ?? 0) + 1);
        await victimProjected(`${field.name} ← ${label}`);
      }
    }
    assert.ok((outcomes.get('400') ?? 0) > 0 && (outcomes.get('200') ?? 0) + (outcomes.get('201') ?? 0) > 0, JSON.stringify([...outcomes]));
  });

  test('every value in every query parameter and path segment is never a 5xx', async () => {
    for (const value of urlValues) {
      for (const url of urls(value)) {
        const response = await service.call('GET', url, { apiKey: attacker });
        assert.ok(response.status < 500, `${url.slice(0, 120)}: ${response.status}`);
      }
    }
    for (const key of ['\u202eclé', 'x'.repeat(300)]) {
      const response = await service.call('POST', '/v1/sources/upload-url', {
        apiKey: attacker,
        json: { fileName: 'a.pdf', sourceType: 'file' },
        headers: { 'idempotency-key': encodeURIComponent(key) },
      });
      assert.ok(response.status < 500, `Idempotency-Key ${key.slice(0, 20)}: ${response.status}`);
    }
    await victimProjected('the URL corpus');
  });

  test('after a restart every key works and every organization’s writes are projected', async () => {
    await service.stop();
    service = await startTestService({}, { dataDir });
    for (const key of [attacker, victim]) assert.equal((await service.call('GET', '/v1/sources', { apiKey: key })).status, 200);
    await victimProjected('the restart');
    const ready = await service.call('GET', '/readyz');
    assert.equal(ready.status, 200, JSON.stringify(ready.body));
    assert.equal(ready.body.degraded, false, 'nothing the API accepted had to be parked');
  });
});
