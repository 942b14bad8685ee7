import { createHash } from 'node:crypto';
import { fold, type Decider } from '../domain/decider.ts';
import { currentVersion, eventSchemas, toDomainEvent, type DomainEvent } from '../domain/events.ts';
import {
  type AppendResult,
  type Checkpoint,
  ConcurrencyError,
  type EventMetadata,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
} from '../ports/event-store.ts';

/** Who asked and why: copied into every event's metadata; `now` is the command's clock. */
export type CommandContext = {
  correlationId: string;
  causationId?: string;
  organizationId?: string;
  actorKeyId?: string;
  now: string;
};

export type CommandResult<State> = {
  state: State;
  streamName: string;
  newEvents: DomainEvent[];
  /** The events as stored (ids and metadata); empty when nothing was appended. */
  appended: NewEvent[];
  nextExpectedVersion: number;
  /** Position to wait for before reading the read models (read-your-writes); null when nothing was appended. */
  checkpoint: Checkpoint | null;
};

/**
 * A retry of the same append (same stream, position, request and content) produces the same id, so
 * the store keeps it once; a different command at that position gets another id and a conflict.
 */
export const deterministicEventId = (streamName: string, position: number, correlationId: string, event: DomainEvent): string => {
  const hex = createHash('sha256')
    .update(`${streamName}@${position}\n${correlationId}\n${event.type}\n${JSON.stringify(event.data)}`)
    .digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

export async function loadState<State, Command>(
  store: EventStore,
  streamName: string,
  decider: Decider<State, Command>,
): Promise<{ state: State; version: number | 'noStream' }> {
  const recorded = await store.readStream(streamName);
  const state = fold(decider, recorded.map(toDomainEvent));
  return { state, version: recorded.length === 0 ? 'noStream' : recorded.length - 1 };
}

const MAX_CONFLICT_RETRIES = 3;

/**
 * Load → evolve → decide → append with the expected version. A conflict means someone else wrote
 * the stream between our read and our append: decide again on the new state, a few times.
 */
export async function handleCommand<State, Command>(
  store: EventStore,
  streamName: string,
  decider: Decider<State, Command>,
  command: Command,
  context: CommandContext,
  options: { retryOnConflict?: boolean } = {},
): Promise<CommandResult<State>> {
  for (let attempt = 0; ; attempt++) {
    const { state, version } = await loadState(store, streamName, decider);
    const newEvents = decider.decide(command, state);
    const nextState = newEvents.reduce(decider.evolve, state);
    if (newEvents.length === 0) {
      return { state: nextState, streamName, newEvents, appended: [], nextExpectedVersion: version === 'noStream' ? -1 : version, checkpoint: null };
    }
    const firstPosition = version === 'noStream' ? 0 : version + 1;
    const toAppend = newEvents.map((event, i): NewEvent => ({
      id: deterministicEventId(streamName, firstPosition + i, context.correlationId, event),
      type: event.type,
      // Nothing enters the log without matching its schema: readers can then trust current events.
      data: eventSchemas[event.type].parse(event.data) as Record<string, unknown>,
      metadata: metadataFor(event, context),
    }));
    try {
      const result: AppendResult = await store.append(streamName, toAppend, version);
      return {
        state: nextState,
        streamName,
        newEvents,
        appended: toAppend,
        nextExpectedVersion: result.nextExpectedVersion,
        checkpoint: result.lastCheckpoint,
      };
    } catch (error) {
      const retry = options.retryOnConflict ?? true;
      if (!(error instanceof ConcurrencyError) || !retry || attempt >= MAX_CONFLICT_RETRIES) throw error;
    }
  }
}

const metadataFor = (event: DomainEvent, context: CommandContext): EventMetadata => ({
  correlationId: context.correlationId,
  ...(context.causationId ? { causationId: context.causationId } : {}),
  ...(context.organizationId ? { organizationId: context.organizationId } : {}),
  ...(context.actorKeyId ? { actorKeyId: context.actorKeyId } : {}),
  schemaVersion: currentVersion[event.type],
  recordedAt: context.now,
});

/** One stream type's command handling: its decider and stream names bound once, addressed by id. */
export type StreamCommands<State, Command> = {
  streamName(id: string): string;
  load(store: EventStore, id: string): Promise<{ state: State; version: number | 'noStream' }>;
  handle(store: EventStore, id: string, command: Command, context: CommandContext, options?: { retryOnConflict?: boolean }): Promise<CommandResult<State>>;
};

export const streamCommands = <State, Command>(decider: Decider<State, Command>, streamName: (id: string) => string): StreamCommands<State, Command> => ({
  streamName,
  load: (store, id) => loadState(store, streamName(id), decider),
  handle: (store, id, command, context, options) => handleCommand(store, streamName(id), decider, command, context, options),
});

/** The id of a stream a command creates; `derived` when it comes from an Idempotency-Key, so that a retry may find it. */
export type NewId = { id: string; derived: boolean };

/**
 * What a create wrote: the stream's events from `firstPosition` on, and where the last one stands;
 * `created` is false when an earlier attempt of the same request had created the stream.
 */
export type Written = { streamName: string; events: NewEvent[]; firstPosition: number; checkpoint: Checkpoint | null; created: boolean };

export const writtenBy = (result: CommandResult<unknown>): Written => ({
  created: true,
  streamName: result.streamName,
  events: result.appended,
  firstPosition: result.nextExpectedVersion - result.appended.length + 1,
  checkpoint: result.checkpoint,
});

/**
 * Runs a create once per derived id: when the stream of an id derived from an Idempotency-Key
 * already exists for the same organization, an earlier attempt of this very request created it (its
 * answer was lost, or its idempotency record was), so that stream is the result, not a conflict.
 */
export async function createOnce(
  store: EventStore,
  streamName: string,
  id: NewId,
  organizationId: string,
  create: () => Promise<CommandResult<unknown>>,
): Promise<Written> {
  if (id.derived) {
    const events = await store.readStream(streamName);
    const last = events.at(-1);
    if (last && events[0]?.metadata.organizationId === organizationId)
      return { streamName, events, firstPosition: 0, checkpoint: last.globalPosition, created: false };
  }
  return writtenBy(await create());
}
