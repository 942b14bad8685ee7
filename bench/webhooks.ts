import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { ingestSource } from '../commands/sources.ts';
import { sourceCommands } from '../commands/streams.ts';
import { startTestService } from '../test/support/service.ts';

// Webhook delivery on this machine: events → signed deliveries to a receiver on 127.0.0.1, as
// deliveries/s and the delay from each event to its delivery (p50, p99), beside the raw rate of a
// bare sequential fetch loop to the same receiver in the same run. Run: node bench/webhooks.ts [events]

const events = Number(process.argv[2] ?? 2000);
const arrivals = new Map<string, number>();
const receiver = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const id = req.headers['webhook-id'];
    if (typeof id === 'string' && !arrivals.has(id)) arrivals.set(id, Date.now());
    res.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;

const bareStarted = performance.now();
for (let i = 0; i < events; i++) await fetch(url, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
const bareRate = events / ((performance.now() - bareStarted) / 1000);

const service = await startTestService({ WEB_FETCH_ALLOW_LOOPBACK: 'true', LOG_LEVEL: 'silent' });
try {
  const { apiKey, organizationId } = await service.createOrganization('Bench');
  await service.call('POST', '/v1/webhooks', { apiKey, json: { url, events: ['source.deleted'] } });
  arrivals.clear();
  const store = service.adapters.eventStore;
  const recorded = new Map<string, number>();
  const started = performance.now();
  for (let i = 0; i < events; i++) {
    const id = randomUUID();
    const context = { correlationId: `bench-${i}`, organizationId, now: new Date().toISOString() };
    await ingestSource(store, { id, derived: false }, { sourceType: 'webpage', url: `https://bench.example/${i}` }, context);
    await sourceCommands.handle(store, id, { type: 'DeleteSource', organizationId, now: context.now }, context);
    recorded.set(id, Date.now());
  }
  while (arrivals.size < events) await sleep(20);
  const seconds = (performance.now() - started) / 1000;
  const deliveries = (await service.call('GET', '/v1/webhooks', { apiKey })).body.data[0];
  const delays: number[] = [];
  let listed = 0;
  for (let cursor: string | undefined; ;) {
    const page = await service.call('GET', `/v1/webhooks/${deliveries._id}/deliveries?limit=200${cursor ? `&cursor=${cursor}` : ''}`, { apiKey });
    for (const delivery of page.body.data as { _id: string; resourceId: string }[]) {
      listed++;
      const sent = recorded.get(delivery.resourceId);
      const arrived = arrivals.get(delivery._id);
      if (sent !== undefined && arrived !== undefined) delays.push(arrived - sent);
    }
    cursor = page.body.nextCursor;
    if (!cursor) break;
  }
  delays.sort((a, b) => a - b);
  const percentile = (p: number) => delays[Math.min(delays.length - 1, Math.floor((p / 100) * delays.length))] ?? 0;
  const rate = events / seconds;
  console.log(`bare fetch loop to the receiver: ${bareRate.toFixed(0)} requests/s`);
  console.log(
    `webhooks: ${events} events appended and delivered in ${seconds.toFixed(1)} s = ${rate.toFixed(0)} deliveries/s (${((rate / bareRate) * 100).toFixed(0)}% of the bare loop); event → delivery p50 ${percentile(50)} ms, p99 ${percentile(99)} ms (${delays.length} of ${listed} listed deliveries measured)`,
  );
} finally {
  await service.stop();
  receiver.close();
}
