import { createHash } from 'node:crypto';
import { fold, type Decider } from '../domain/decider.ts';
import { currentVersion, eventSchemas, isEventType, parseEvent, type DomainEvent } from '../domain/events.ts';
import {
  type AppendResult,
  type Checkpoint,
  ConcurrencyError,
  type EventMetadata,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
} from './event-store.ts';

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
  newEvents: DomainEvent[];
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

// Events are validated against their schema when they are appended (below), so an event stored at
// the current version of its type is read as is; older versions are upcast and validated.
const parsed = new WeakMap<RecordedEvent, DomainEvent>();

export const toDomainEvent = (event: RecordedEvent): DomainEvent => {
  if (isEventType(event.type) && event.metadata.schemaVersion === currentVersion[event.type]) {
    return { type: event.type, data: event.data } as DomainEvent;
  }
  let domainEvent = parsed.get(event);
  if (!domainEvent) {
    domainEvent = parseEvent(event.type, event.metadata.schemaVersion, event.data);
    parsed.set(event, domainEvent);
  }
  return domainEvent;
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
      return { state: nextState, newEvents, nextExpectedVersion: version === 'noStream' ? -1 : version, checkpoint: null };
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
      return { state: nextState, newEvents, nextExpectedVersion: result.nextExpectedVersion, checkpoint: result.lastCheckpoint };
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
