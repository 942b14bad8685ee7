import { randomUUID } from 'node:crypto';
import type { EventStore } from '../../ports/event-store.ts';
import { handleCommand } from '../../commands/handle-command.ts';
import { organizationDecider } from '../../domain/organization.ts';
import { sourceDecider } from '../../domain/source.ts';
import { newApiKey } from '../../commands/api-keys.ts';

// Realistic event streams for projection tests and benchmarks: organizations with keys, sources
// that are ingested, claimed, indexed or failed, some deleted. Each organization yields
// 2 + sourcesPerOrganization × 3–4 events.

export async function seedEvents(store: EventStore, options: { organizations: number; sourcesPerOrganization: number; concurrency?: number }) {
  const now = () => new Date().toISOString();
  const seedOrganization = async (o: number) => {
    const organizationId = randomUUID();
    const context = { correlationId: `seed-${o}`, organizationId, now: now() };
    await handleCommand(store, `organization-${organizationId}`, organizationDecider, { type: 'CreateOrganization', organizationId, name: `Org ${o}`, url: 'https://seed.example', key: newApiKey(), now: now() }, context);
    for (let s = 0; s < options.sourcesPerOrganization; s++) {
      const sourceId = randomUUID();
      const stream = `source-${sourceId}`;
      await handleCommand(store, stream, sourceDecider, { type: 'IngestSource', source: { sourceId, organizationId, sourceType: 'webpage', url: `https://seed.example/${s}` }, now: now() }, context);
      await handleCommand(store, stream, sourceDecider, { type: 'StartIndexing', workerId: 'seed', leaseMs: 60_000, now: now() }, context);
      if (s % 5 === 4) {
        await handleCommand(store, stream, sourceDecider, { type: 'FailIndexing', workerId: 'seed', reason: 'the page is empty', retryable: false, now: now() }, context);
      } else {
        const content = { key: `content/${sourceId}.json`, sha256: 'a'.repeat(64), size: 10 };
        await handleCommand(store, stream, sourceDecider, { type: 'CompleteIndexing', workerId: 'seed', result: { title: `Page ${s}`, content, outline: [], wordCount: 100 + s, language: 'en' }, now: now() }, context);
      }
      if (s % 7 === 6) await handleCommand(store, stream, sourceDecider, { type: 'DeleteSource', organizationId, now: now() }, context);
    }
  };
  const concurrency = options.concurrency ?? 8;
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < options.organizations) await seedOrganization(next++);
    }),
  );
}
