import {
  ANY,
  EventStoreDBClient,
  excludeSystemEvents,
  FORWARDS,
  BACKWARDS,
  jsonEvent,
  NO_STREAM,
  START as ESDB_START,
  END,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllStreamResolvedEvent,
  type JSONType,
  type Position,
  type ReadPosition,
  type ResolvedEvent,
} from '@eventstore/db-client';
import {
  type AppendResult,
  type Checkpoint,
  ConcurrencyError,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
  START,
  type Subscription,
} from '../../commands/event-store.ts';

// EventStoreDB: streams map one to one; the global order is $all, read without system events, with
// the commit position as the checkpoint (fixed-width so strings compare). The server enforces the
// expected revision and keeps retried appends (same event ids, same expectation) idempotent.

const encode = (position: Position): Checkpoint => `${position.commit.toString().padStart(20, '0')}:${position.prepare.toString().padStart(20, '0')}`;
const decode = (checkpoint: Checkpoint): Position => {
  const [commit = '0', prepare = '0'] = checkpoint.split(':');
  return { commit: BigInt(commit), prepare: BigInt(prepare) };
};

const toRecorded = (resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | null => {
  const event = resolved.event;
  if (!event || !event.isJson || event.type.startsWith('$') || event.streamId.startsWith('$')) return null;
  const metadata = event.metadata as RecordedEvent['metadata'];
  return {
    id: event.id,
    type: event.type,
    data: event.data as Record<string, unknown>,
    metadata,
    streamName: event.streamId,
    streamPosition: Number(event.revision),
    globalPosition: event.position ? encode(event.position) : START,
  };
};

export async function openEventStoreDbEventStore(options: { connectionString: string }): Promise<EventStore> {
  const client = EventStoreDBClient.connectionString`${options.connectionString}`;
  const subscriptions = new Set<Subscription>();

  const store: EventStore = {
    async append(streamName: string, events: NewEvent[], expectedVersion): Promise<AppendResult> {
      try {
        const result = await client.appendToStream(
          streamName,
          events.map((event) => jsonEvent({ id: event.id, type: event.type, data: event.data as JSONType, metadata: event.metadata })),
          { expectedRevision: expectedVersion === 'noStream' ? NO_STREAM : expectedVersion === 'any' ? ANY : BigInt(expectedVersion) },
        );
        return { nextExpectedVersion: Number(result.nextExpectedRevision), lastCheckpoint: result.position ? encode(result.position) : START };
      } catch (error) {
        if (error instanceof WrongExpectedVersionError) {
          const actual = error.actualVersion;
          throw new ConcurrencyError(streamName, expectedVersion, typeof actual === 'bigint' ? Number(actual) : 'noStream');
        }
        throw error;
      }
    },

    async readStream(streamName, readOptions = {}) {
      const events: RecordedEvent[] = [];
      try {
        for await (const resolved of client.readStream(streamName, { fromRevision: BigInt(readOptions.from ?? 0), direction: FORWARDS })) {
          const recorded = toRecorded(resolved);
          if (recorded) events.push(recorded);
        }
      } catch (error) {
        if (error instanceof StreamNotFoundError) return [];
        throw error;
      }
      return events;
    },

    async readAll(readOptions = {}) {
      const limit = readOptions.limit ?? 1000;
      const from = readOptions.from ?? START;
      const events: RecordedEvent[] = [];
      // $all includes system events, which are skipped: read in pages until `limit` user events.
      let position: ReadPosition = from === START ? ESDB_START : decode(from);
      let skipFirst = from !== START;
      for (;;) {
        let read = 0;
        let last: Position | undefined;
        for await (const resolved of client.readAll({ fromPosition: position, maxCount: limit + 1, direction: FORWARDS })) {
          read++;
          if (resolved.event?.position) last = resolved.event.position;
          if (skipFirst) {
            skipFirst = false;
            if (from !== START && resolved.event?.position && encode(resolved.event.position) === from) continue;
          }
          const recorded = toRecorded(resolved);
          if (recorded && recorded.globalPosition > from) events.push(recorded);
          if (events.length >= limit) return events;
        }
        if (read <= limit || !last) return events;
        position = last;
        skipFirst = true;
      }
    },

    subscribe(from, handler) {
      let stopped = false;
      const subscription = client.subscribeToAll({ fromPosition: from === START ? ESDB_START : decode(from), filter: excludeSystemEvents() });
      const done = (async () => {
        for await (const resolved of subscription) {
          if (stopped) break;
          const recorded = toRecorded(resolved);
          if (recorded && recorded.globalPosition > from) await handler([recorded]);
        }
      })();
      const handle: Subscription = {
        async stop() {
          stopped = true;
          await subscription.unsubscribe();
          await done.catch(() => undefined);
          subscriptions.delete(handle);
        },
        done,
      };
      done.catch(() => undefined);
      subscriptions.add(handle);
      return handle;
    },

    async headCheckpoint() {
      for await (const resolved of client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: 50 })) {
        const recorded = toRecorded(resolved);
        if (recorded) return recorded.globalPosition;
      }
      return START;
    },

    async ping() {
      for await (const _ of client.readAll({ maxCount: 1 })) break;
    },

    async close() {
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      await client.dispose();
    },
  };
  return store;
}
