import { sourceStreamName } from '../../domain/source.ts';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestService, type TestService } from '../support/service.ts';
import { ingestFile, waitForSource } from '../support/sources.ts';

describe('observability', () => {
  let service: TestService;
  before(async () => {
    service = await startTestService();
  });
  after(() => service.stop());

  test('the request id becomes the correlation id of the events it caused, and of the worker’s events after them', async () => {
    const { apiKey } = await service.createOrganization();
    const form = new FormData();
    form.append('source', JSON.stringify({ sourceType: 'file' }));
    form.append('file', new Blob(['A caldera is a large volcanic crater.']), 'caldera.txt');
    const response = await service.call('POST', '/v1/ingestSource', { apiKey, body: form, headers: { 'x-request-id': 'req-trace-0001' } });
    const source = await waitForSource(service, apiKey, response.body.data.id);
    const events = await service.adapters.eventStore.readStream(sourceStreamName(source.id));
    assert.deepEqual(
      events.map((e) => e.type),
      ['SourceIngested', 'SourceIndexingStarted', 'SourceIndexed'],
    );
    assert.ok(events.every((e) => e.metadata.correlationId === 'req-trace-0001'));
    assert.equal(events[1]?.metadata.causationId, events[0]?.id, 'the claim names the event that caused it');
    assert.ok(events[0]?.metadata.actorKeyId, 'the acting key id is recorded');
  });

  test('GET /metrics: requests by route and status, projection lag, worker jobs, append latency', async () => {
    const { apiKey } = await service.createOrganization('Metrics');
    await service.call('GET', '/v1/sources', { apiKey });
    const source = await ingestFile(service, apiKey, { name: 'm.txt', bytes: Buffer.from('A geyser is a hot spring that erupts.') });
    await waitForSource(service, apiKey, source.body.data.id);
    const metrics = await fetch(`${service.url}/metrics`);
    assert.equal(metrics.status, 200);
    assert.match(metrics.headers.get('content-type') ?? '', /text\/plain/);
    const text = await metrics.text();
    assert.match(text, /http_requests_total\{method="GET",route="GET \/v1\/sources",status="200"\} \d+/);
    assert.match(text, /http_request_duration_seconds_bucket\{le="0.005",method="GET",route="GET \/v1\/sources",status="200"\}/);
    assert.match(text, /projection_lag\{unit="events"\} \d+/);
    assert.match(text, /worker_jobs_total\{type="indexing",outcome="indexed"\} [1-9]/);
    assert.match(text, /event_store_append_seconds_count [1-9]/);
  });
});
