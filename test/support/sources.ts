import { setTimeout as sleep } from 'node:timers/promises';
import type { TestService } from './service.ts';

// Client-side helpers for the source flows of spec §4.2, written the way an API client would.

export async function ingestFile(service: TestService, apiKey: string, file: { name: string; bytes: Buffer; type?: string }, metadata?: object) {
  const form = new FormData();
  form.append('source', JSON.stringify({ sourceType: 'file', ...(metadata ? { metadata } : {}) }));
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  return service.call('POST', '/v1/ingestSource', { apiKey, body: form });
}

export async function ingestUrl(service: TestService, apiKey: string, sourceType: 'webpage' | 'youtube', url: string) {
  const form = new FormData();
  form.append('source', JSON.stringify({ sourceType, url }));
  return service.call('POST', '/v1/ingestSource', { apiKey, body: form });
}

/** The upload-URL path: ask for a URL, PUT the bytes with a matching Content-Type. */
export async function uploadThroughUrl(service: TestService, apiKey: string, file: { name: string; bytes: Buffer; type: string }) {
  const created = await service.call('POST', '/v1/sources/upload-url', { apiKey, json: { fileName: file.name, sourceType: 'file' } });
  if (created.status !== 200) throw new Error(`upload-url: ${created.status} ${JSON.stringify(created.body)}`);
  const put = await fetch(created.body.uploadUrl, { method: 'PUT', headers: { 'content-type': file.type }, body: new Uint8Array(file.bytes) });
  return { ...created.body, putStatus: put.status, putBody: await put.text() } as {
    uploadUrl: string;
    fileKey: string;
    sourceId: string;
    putStatus: number;
    putBody: string;
  };
}

/** Polls GET /v1/sources/{id} until the status is no longer pending or processing. */
export async function waitForSource(service: TestService, apiKey: string, sourceId: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await service.call('GET', `/v1/sources/${sourceId}`, { apiKey });
    if (response.status !== 200) throw new Error(`GET source: ${response.status} ${JSON.stringify(response.body)}`);
    if (!['pending', 'processing'].includes(response.body.data.status)) return response.body.data;
    if (Date.now() > deadline) throw new Error(`source ${sourceId} still ${response.body.data.status}`);
    await sleep(100);
  }
}
