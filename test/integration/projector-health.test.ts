import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { createOrganization } from '../../commands/organizations.ts';
import { openSqliteEventStore } from '../../infrastructure/event-store/sqlite.ts';
import { createMemoryReadStore } from '../../infrastructure/read-store/memory.ts';
import type { ReadStore } from '../../ports/read-store.ts';
import { allProjections } from '../../projections/index.ts';
import { startProjector } from '../../projections/projector.ts';

// Readiness tells the truth (issue 17): the projector says it is failing as soon as a batch cannot be
// applied, not once the lag has grown past 30 seconds, and says so no more once a batch goes through.

describe('projector health', () => {
  test('failure() names the error from the first failed batch until one is applied', async () => {
    const eventStore = openSqliteEventStore({ path: ':memory:' });
    const memory = createMemoryReadStore();
    let broken = false;
    const readStore: ReadStore = {
      ...memory,
      active: async () => {
        const space = await memory.active();
        return {
          ...space,
          apply: (writes, checkpoint, expected) =>
            broken ? Promise.reject(new Error('the read store is unreachable')) : space.apply(writes, checkpoint, expected),
        };
      },
      space: (version) => {
        const space = memory.space(version);
        return {
          ...space,
          apply: (writes, checkpoint, expected) =>
            broken ? Promise.reject(new Error('the read store is unreachable')) : space.apply(writes, checkpoint, expected),
        };
      },
    };
    const projector = await startProjector({ eventStore, readStore, projections: allProjections, logger: pino({ level: 'silent' }) });
    try {
      const context = { correlationId: 'health', now: new Date().toISOString() };
      const first = await createOrganization(eventStore, { organizationId: 'org-1', name: 'One', url: 'https://one.example' }, context);
      assert.ok(await projector.waitFor(first.result.checkpoint as string, 5_000));
      assert.equal(projector.failure(), null);

      broken = true;
      await createOrganization(eventStore, { organizationId: 'org-2', name: 'Two', url: 'https://two.example' }, context);
      const failingSince = Date.now();
      while (projector.failure() === null && Date.now() - failingSince < 5_000) await sleep(10);
      assert.equal(projector.failure(), 'the read store is unreachable');
      assert.ok(Date.now() - failingSince < 2_000, 'known at the first failed batch');

      broken = false;
      while (projector.failure() !== null && Date.now() - failingSince < 15_000) await sleep(50);
      assert.equal(projector.failure(), null);
    } finally {
      await projector.stop();
      await eventStore.close();
    }
  });
});
