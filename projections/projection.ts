import type { RecordedEvent } from '../commands/event-store.ts';
import type { Doc, ReadWrite } from './read-store.ts';

/**
 * What a projection may read while it evolves: the read model as of the events already handled.
 * Documents are shared with the batch in progress: build new objects, never mutate what you read.
 */
export type ProjectionReader = { get(collection: string, id: string): Promise<Doc | null> };

/**
 * A read-model definition: turns one event into read-store writes. Pure apart from reading the
 * current documents through `reader` (the projector overlays the writes of the batch in progress).
 */
export type Projection = {
  name: string;
  handle(event: RecordedEvent, reader: ProjectionReader): Promise<ReadWrite[]>;
};
