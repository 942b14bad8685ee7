import type { RecordedEvent } from '../ports/event-store.ts';
import type { Doc, ReadModelSpace, ReadWrite } from '../ports/read-store.ts';

// Dead letters of the read models. An event that a projection cannot apply (it throws, or the event
// nests deeper than anything the service writes) is parked for that projection instead of stopping
// the projector for every organization: the other projections still apply it, later events go on,
// and the decision is itself a read-model write, so a rebuild makes exactly the same one and rebuilt
// read models equal the live ones. Anchors: Marten's async daemon skips apply errors to a dead-letter
// queue; EventStoreDB persistent subscriptions park messages.

const PARKED = 'parkedEvents';
const ALL = 'all';

/** Deeper than any event this service writes (metadata is flat, content lives in blobs). */
export const MAX_EVENT_DEPTH = 64;

/** The projection name under which an event too deep for any projection is parked. */
export const EVERY_PROJECTION = '*';

export type ParkedEvent = {
  id: string;
  projection: string;
  position: string;
  eventId: string;
  type: string;
  stream: string;
  organizationId: string | null;
  recordedAt: string;
  error: string;
};

export function parkedEvent(event: RecordedEvent, projection: string, error: unknown): ReadWrite {
  const doc: ParkedEvent = {
    id: `${event.globalPosition}:${projection}`,
    projection,
    position: event.globalPosition,
    eventId: event.id,
    type: event.type,
    stream: event.streamName,
    organizationId: event.metadata.organizationId ?? null,
    recordedAt: event.metadata.recordedAt,
    // The message alone: it is stored and shown to operators, and a stack would differ between runs.
    error: (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 500),
  };
  return { kind: 'put', collection: PARKED, id: doc.id, doc, indexes: [{ name: ALL, score: Date.parse(doc.recordedAt) || 0 }] };
}

/** The parked events among a batch's writes, to log them as they are parked. */
export const parkedIn = (writes: ReadWrite[]): ParkedEvent[] =>
  writes.flatMap((write) => (write.kind === 'put' && write.collection === PARKED ? [write.doc as ParkedEvent] : []));

/** Parked events, most recently recorded first. */
export async function listParkedEvents(
  space: ReadModelSpace,
  page: { limit: number; cursor?: string | undefined },
): Promise<{ items: ParkedEvent[]; nextCursor?: string }> {
  const { items, nextCursor } = await space.list(PARKED, { index: ALL, limit: page.limit, ...(page.cursor ? { cursor: page.cursor } : {}) });
  return { items: items as Doc[] as ParkedEvent[], ...(nextCursor ? { nextCursor } : {}) };
}

/** How many events are parked, counted up to `upTo`. */
export const countParkedEvents = async (space: ReadModelSpace, upTo: number): Promise<number> =>
  (await space.list(PARKED, { index: ALL, limit: upTo })).items.length;

/** Whether `value` nests arrays and objects deeper than `limit`, walked without recursion. */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (current === null || typeof current !== 'object') continue;
    if (depth >= limit) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}
