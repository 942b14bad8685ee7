import type { RecordedEvent } from '../ports/event-store.ts';
import type { Doc, ReadWrite } from '../ports/read-store.ts';

/**
 * What a projection may read while it evolves: the read model as of the events already handled,
 * limited to the documents its `reads` named for the event. Documents are shared with the batch in
 * progress: build new objects, never mutate what you read.
 */
export type ProjectionReader = { get(collection: string, id: string): Doc | null };

/**
 * A read-model definition: turns one event into read-store writes, synchronously and without I/O.
 * `reads` names, per collection, the document `handle` reads for an event (or undefined when it
 * reads none there): the projector loads a whole batch's documents in one round trip beforehand,
 * and keeps in memory only collections some projection reads (a rebuild would otherwise hold, say,
 * every feed entry).
 */
export type Projection = {
  name: string;
  reads: Readonly<Record<string, (event: RecordedEvent) => string | undefined>>;
  handle(event: RecordedEvent, reader: ProjectionReader): ReadWrite[];
};
