import { randomUUID } from 'node:crypto';
import type { EventStore } from '../../ports/event-store.ts';
import { createOrganization } from '../../commands/organizations.ts';
import { ingestSource } from '../../commands/sources.ts';
import { sourceCommands } from '../../commands/streams.ts';

// Realistic event streams for projection tests and benchmarks: organizations with keys, sources
// that are ingested, claimed, indexed or failed, some deleted. Each organization yields
// 2 + sourcesPerOrganization × 3–4 events.

export async function seedEvents(store: EventStore, options: { organizations: number; sourcesPerOrganization: number; concurrency?: number }) {
  const now = () => new Date().toISOString();
  const seedOrganization = async (o: number) => {
    const organizationId = randomUUID();
    const context = { correlationId: `seed-${o}`, organizationId, now: now() };
    await createOrganization(store, { organizationId, name: `Org ${o}`, url: 'https://seed.example' }, context);
    for (let s = 0; s < options.sourcesPerOrganization; s++) {
      const sourceId = randomUUID();
      await ingestSource(store, { id: sourceId, derived: false }, { sourceType: 'webpage', url: `https://seed.example/${s}` }, context);
      await sourceCommands.handle(store, sourceId, { type: 'StartIndexing', workerId: 'seed', leaseMs: 60_000, now: now() }, context);
      if (s % 5 === 4) {
        await sourceCommands.handle(
          store,
          sourceId,
          { type: 'FailIndexing', workerId: 'seed', reason: 'the page is empty', retryable: false, now: now() },
          context,
        );
      } else {
        const content = { key: `content/${sourceId}.json`, sha256: 'a'.repeat(64), size: 10 };
        const result = { title: `Page ${s}`, content, outline: [], wordCount: 100 + s, language: 'en' };
        await sourceCommands.handle(store, sourceId, { type: 'CompleteIndexing', workerId: 'seed', result, now: now() }, context);
      }
      if (s % 7 === 6) await sourceCommands.handle(store, sourceId, { type: 'DeleteSource', organizationId, now: now() }, context);
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
