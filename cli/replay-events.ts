import type { EventStore, RecordedEvent } from '../ports/event-store.ts';
import { openEventStoreFromConfig } from '../infrastructure/adapters.ts';
import { loadConfigOrExit, parseCliArgs } from './cli-args.ts';

// For auditors: prints events as JSON lines, in global order (or one stream's order).

const usage = 'usage: npm run events:replay -- [--organization ID] [--stream NAME] [--from POSITION]';

const line = (event: RecordedEvent) =>
  JSON.stringify({
    position: event.globalPosition,
    stream: event.streamName,
    streamPosition: event.streamPosition,
    eventId: event.id,
    type: event.type,
    data: event.data,
    metadata: event.metadata,
  }) + '\n';

export async function* replay(store: EventStore, filter: { organization?: string; stream?: string; from?: string }): AsyncGenerator<RecordedEvent> {
  const matches = (event: RecordedEvent) => !filter.organization || event.metadata.organizationId === filter.organization;
  if (filter.stream) {
    const from = filter.from === undefined ? 0 : Number(filter.from);
    for (const event of await store.readStream(filter.stream, { from })) if (matches(event)) yield event;
    return;
  }
  let checkpoint = filter.from ?? '';
  for (;;) {
    const batch = await store.readAll({ from: checkpoint, limit: 5000 });
    if (batch.length === 0) return;
    for (const event of batch) if (matches(event)) yield event;
    checkpoint = (batch.at(-1) as RecordedEvent).globalPosition;
  }
}

async function write(text: string) {
  if (!process.stdout.write(text)) await new Promise((resolve) => process.stdout.once('drain', resolve));
}

if (import.meta.main) {
  const args = parseCliArgs({ organization: { type: 'string' }, stream: { type: 'string' }, from: { type: 'string' } }, usage);
  if (args.stream && args.from !== undefined && !/^\d+$/.test(args.from)) {
    process.stderr.write(`--from must be a stream position (0, 1, ...) with --stream\n${usage}\n`);
    process.exit(2);
  }
  const config = loadConfigOrExit();
  const store = await openEventStoreFromConfig(config);
  try {
    for await (const event of replay(store, {
      ...(args.organization ? { organization: args.organization } : {}),
      ...(args.stream ? { stream: args.stream } : {}),
      ...(args.from !== undefined ? { from: args.from } : {}),
    })) {
      await write(line(event));
    }
  } finally {
    await store.close();
  }
}
