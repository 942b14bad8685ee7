import { setTimeout as sleep } from 'node:timers/promises';
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  excludeSystemEvents,
  FORWARDS,
  jsonEvent,
  NO_STREAM,
  START as ESDB_START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type Direction,
  type JSONType,
  type Position,
  type ReadPosition,
  type RecordedEvent as EsdbRecordedEvent,
} from '@eventstore/db-client';
import {
  type Checkpoint,
  ConcurrencyError,
  type EventStore,
  type ExpectedVersion,
  type RecordedEvent,
  START,
  type Subscription,
} from '../../ports/event-store.ts';

// EventStoreDB: streams map one to one; the global order is $all without system events, and the
// checkpoint is an event's $all position. Both halves of the position (commit, prepare) are kept,
// each padded to 20 digits, so strings order like $all whether or not the server gives the events
// of one append distinct commit positions. The server enforces the expected revision and keeps
// retried appends (same event ids, same expectation) idempotent.

const pad = (value: bigint) => value.toString().padStart(20, '0');
const encode = (position: Position): Checkpoint => `${pad(position.commit)}:${pad(position.prepare)}`;
const decode = (checkpoint: Checkpoint): Position => {
  const match = /^(\d{20}):(\d{20})$/.exec(checkpoint);
  if (!match) throw new Error(`not an EventStoreDB event-store checkpoint: ${checkpoint}`);
  return { commit: BigInt(match[1] as string), prepare: BigInt(match[2] as string) };
};
const readPosition = (checkpoint: Checkpoint): ReadPosition => (checkpoint === START ? ESDB_START : decode(checkpoint));

// Servers fill positions they do not know with 0 (unset) or 2^64-1 (-1): neither is a real event's.
const NO_POSITION = 2n ** 64n - 1n;
const knownPosition = (position: Position | undefined): position is Position => position !== undefined && position.commit > 0n && position.commit < NO_POSITION;

const expectedRevision = (expected: ExpectedVersion): AppendExpectedRevision =>
  expected === 'noStream' ? NO_STREAM : expected === 'any' ? ANY : BigInt(expected);

/** Our events only: system events ($-types, $-streams) and non-JSON records are not part of the log. */
const toRecorded = (event: EsdbRecordedEvent | undefined): RecordedEvent | null => {
  if (!event || !event.isJson || event.type.startsWith('$') || event.streamId.startsWith('$')) return null;
  return {
    id: event.id,
    type: event.type,
    data: event.data as Record<string, unknown>,
    metadata: event.metadata as RecordedEvent['metadata'],
    streamName: event.streamId,
    streamPosition: Number(event.revision),
    // Stream reads on older servers carry no $all position: such an event shows START (stream reads
    // feed deciders, which never look at it; $all reads and subscriptions always have it).
    globalPosition: knownPosition(event.position) ? encode(event.position) : START,
  };
};

/** Raw $all page size: system events are skipped client-side, since $all reads take no filter in this client. */
const PAGE = 500;

export function eventStoreDbEventStore(client: EventStoreDBClient): EventStore {
  const subscriptions = new Set<Subscription>();

  /**
   * $all records strictly after `after` (forwards) or strictly before it (backwards), page by page:
   * a read includes the record at its starting position, which the previous page already gave.
   */
  async function* scanAll(direction: Direction, start: ReadPosition, after: Checkpoint): AsyncGenerator<EsdbRecordedEvent & { position: Position }> {
    let cursor = after;
    let fromPosition = start;
    for (;;) {
      let read = 0;
      for await (const resolved of client.readAll({ fromPosition, direction, maxCount: PAGE }) as AsyncIterable<AllStreamResolvedEvent>) {
        read++;
        const event = resolved.event;
        if (!event) continue;
        const position = encode(event.position);
        if (cursor !== START && (direction === FORWARDS ? position <= cursor : position >= cursor)) continue;
        cursor = position;
        fromPosition = event.position;
        yield event;
      }
      if (read < PAGE) return;
    }
  }

  const appendedPosition = async (streamName: string, revision: bigint): Promise<Checkpoint> => {
    // An idempotent retry reports no position on some server versions: ask for the stored event's.
    for await (const resolved of client.readStream(streamName, { fromRevision: revision, maxCount: 1, direction: FORWARDS })) {
      if (knownPosition(resolved.event?.position)) return encode(resolved.event.position);
    }
    throw new Error(`EventStoreDB reported no $all position for ${streamName}@${revision}`);
  };

  const store: EventStore = {
    async append(streamName, events, expectedVersion) {
      if (events.length === 0) throw new Error('append needs at least one event');
      try {
        const result = await client.appendToStream(
          streamName,
          events.map((event) => jsonEvent({ id: event.id, type: event.type, data: event.data as JSONType, metadata: event.metadata })),
          { expectedRevision: expectedRevision(expectedVersion) },
        );
        const lastCheckpoint = knownPosition(result.position) ? encode(result.position) : await appendedPosition(streamName, result.nextExpectedRevision);
        return { nextExpectedVersion: Number(result.nextExpectedRevision), lastCheckpoint };
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        const actual = error.actualVersion;
        throw new ConcurrencyError(streamName, expectedVersion, typeof actual === 'bigint' && actual >= 0n ? Number(actual) : 'noStream');
      }
    },

    async readStream(streamName, readOptions = {}) {
      const events: RecordedEvent[] = [];
      try {
        for await (const resolved of client.readStream(streamName, { fromRevision: BigInt(readOptions.from ?? 0), direction: FORWARDS })) {
          const recorded = toRecorded(resolved.event);
          if (recorded) events.push(recorded);
        }
      } catch (error) {
        if (error instanceof StreamNotFoundError) return [];
        throw error;
      }
      return events;
    },

    async readAll(readOptions = {}) {
      const from = readOptions.from ?? START;
      const limit = readOptions.limit ?? 1000;
      const events: RecordedEvent[] = [];
      if (limit <= 0) return events;
      for await (const event of scanAll(FORWARDS, readPosition(from), from)) {
        const recorded = toRecorded(event);
        if (recorded && events.push(recorded) === limit) break;
      }
      return events;
    },

    subscribe(from, handler, subscribeOptions = {}) {
      const batchSize = subscribeOptions.batchSize ?? 500;
      const stopping = new AbortController();
      let live: ReturnType<EventStoreDBClient['subscribeToAll']> | null = null;
      let checkpoint = from;
      readPosition(from);

      const done = (async () => {
        for (let failures = 0; !stopping.signal.aborted;) {
          const subscription = client.subscribeToAll({ fromPosition: readPosition(checkpoint), filter: excludeSystemEvents() });
          live = subscription;
          let handlerFailure: { error: unknown } | null = null;
          try {
            for await (const first of subscription as AsyncIterable<AllStreamResolvedEvent>) {
              // Whatever else is already buffered goes in the same batch.
              const raw = [first];
              while (raw.length < batchSize && subscription.readableLength > 0) raw.push(subscription.read() as AllStreamResolvedEvent);
              failures = 0;
              const batch = raw
                .map((resolved) => toRecorded(resolved.event))
                .filter((event): event is RecordedEvent => event !== null && event.globalPosition > checkpoint);
              if (batch.length === 0) continue;
              try {
                await handler(batch);
              } catch (error) {
                handlerFailure = { error };
                break;
              }
              checkpoint = (batch.at(-1) as RecordedEvent).globalPosition;
              if (stopping.signal.aborted) break;
            }
          } catch {
            // The connection dropped or the server ended the subscription: resubscribe from the
            // checkpoint below; only a failing handler ends the subscription for good.
          } finally {
            live = null;
            await subscription.unsubscribe().catch(() => undefined);
            subscription.destroy();
          }
          if (handlerFailure) throw handlerFailure.error;
          if (stopping.signal.aborted) break;
          failures++;
          await sleep(Math.min(5000, 100 * 2 ** Math.min(failures, 6)), undefined, { signal: stopping.signal }).catch(() => undefined);
        }
      })();

      const handle: Subscription = {
        async stop() {
          stopping.abort();
          // Ends a wait for the next event; a running handler is awaited.
          live?.destroy();
          await done.catch(() => undefined);
        },
        done,
      };
      subscriptions.add(handle);
      done.catch(() => undefined).finally(() => subscriptions.delete(handle));
      return handle;
    },

    async headCheckpoint() {
      for await (const event of scanAll(BACKWARDS, END, START)) {
        const recorded = toRecorded(event);
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

export async function openEventStoreDbEventStore(options: { connectionString: string }): Promise<EventStore> {
  return eventStoreDbEventStore(EventStoreDBClient.connectionString(options.connectionString));
}
