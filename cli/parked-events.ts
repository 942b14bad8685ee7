import { openEventStoreFromConfig, openReadStoreFromConfig } from '../infrastructure/adapters.ts';
import { createMemoryReadStore } from '../infrastructure/read-store/memory.ts';
import type { ReadStore } from '../ports/read-store.ts';
import { allProjections } from '../projections/index.ts';
import { listParkedEvents, type ParkedEvent } from '../projections/parked-events.ts';
import { rebuildReadModels } from '../projections/rebuild.ts';
import { loadConfigOrExit, parseCliArgs } from './cli-args.ts';

// For operators: the events a projection could not apply and parked, with the error. After a fix is
// deployed, --retry rebuilds the read models (blue/green, while the API serves), which decides every
// parked event afresh with the current code, and lists what is still parked. A parked event is not
// applied alone, out of order: the rebuild applies it in its place among the events around it.

const USAGE = 'usage: npm run projections:parked [-- --retry]';
const { retry } = parseCliArgs({ retry: { type: 'boolean' } }, USAGE);
const config = loadConfigOrExit();
const eventStore = await openEventStoreFromConfig(config);

async function everyParked(readStore: ReadStore): Promise<ParkedEvent[]> {
  const space = await readStore.active();
  const parked: ParkedEvent[] = [];
  let cursor: string | undefined;
  do {
    const page = await listParkedEvents(space, { limit: 200, cursor });
    parked.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return parked;
}

try {
  let readStore: ReadStore;
  if (config.READ_STORE === 'memory') {
    // The embedded service keeps its read models in its own process and rebuilds them at every
    // start (which is also how a fix takes effect there): build the same models here to list them.
    if (retry) process.stderr.write('READ_STORE=memory: restart the service to rebuild its read models with the fixed code; listing what it would park.\n');
    readStore = createMemoryReadStore();
    await rebuildReadModels({ eventStore, readStore, projections: allProjections, dropDelayMs: 0 });
  } else {
    readStore = await openReadStoreFromConfig(config);
    if (retry) {
      const stats = await rebuildReadModels({ eventStore, readStore, projections: allProjections });
      process.stderr.write(`rebuilt read-model version ${stats.version} from ${stats.events} events\n`);
    }
  }
  const parked = await everyParked(readStore);
  for (const event of parked) process.stdout.write(`${JSON.stringify(event)}\n`);
  process.stderr.write(`${parked.length} parked event${parked.length === 1 ? '' : 's'}\n`);
  await readStore.close();
} finally {
  await eventStore.close();
}
