import { openEventStoreFromConfig, openReadStoreFromConfig } from '../infrastructure/adapters.ts';
import { allProjections } from '../projections/index.ts';
import { rebuildReadModels } from '../projections/rebuild.ts';
import { loadConfigOrExit } from './cli-args.ts';

// For operators: builds the next version of the read models from the first event while the current
// one keeps serving, switches the API to it once it has caught up, then drops the old one.

const config = loadConfigOrExit();
if (config.READ_STORE !== 'redis') {
  process.stderr.write(
    'READ_STORE=memory keeps read models inside the service process, which rebuilds them from the events at every start;\n' +
      'run this against the shared read store: READ_STORE=redis REDIS_URL=... npm run projections:rebuild\n',
  );
  process.exit(2);
}
const eventStore = await openEventStoreFromConfig(config);
const readStore = await openReadStoreFromConfig(config);
try {
  const started = Date.now();
  const stats = await rebuildReadModels({
    eventStore,
    readStore,
    projections: allProjections,
    onProgress: (progress) => process.stdout.write(`${JSON.stringify(progress)}\n`),
  });
  process.stdout.write(`done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(stats)}\n`);
} finally {
  await readStore.close();
  await eventStore.close();
}
