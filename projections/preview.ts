import type { NewEvent, RecordedEvent } from '../ports/event-store.ts';
import type { Doc } from '../ports/read-store.ts';
import { allProjections } from './index.ts';

/**
 * The document the projections will write for events just appended to a new stream, computed
 * without the read store: what a write answers when the read models have not caught up in time
 * (read-your-writes that tells the truth instead of a 404). Only documents the events create can be
 * previewed, since the reader starts empty.
 */
export function previewDocument(appended: { streamName: string; events: NewEvent[]; firstPosition: number }, collection: string, id: string): Doc | null {
  const documents = new Map<string, Doc>();
  const address = (c: string, i: string) => `${c}\u0000${i}`;
  const reader = { get: (c: string, i: string) => documents.get(address(c, i)) ?? null };
  appended.events.forEach((event, offset) => {
    const recorded: RecordedEvent = { ...event, streamName: appended.streamName, streamPosition: appended.firstPosition + offset, globalPosition: '' };
    for (const projection of allProjections) {
      for (const write of projection.handle(recorded, reader)) {
        if (write.kind === 'put') documents.set(address(write.collection, write.id), write.doc);
        else documents.delete(address(write.collection, write.id));
      }
    }
  });
  return reader.get(collection, id);
}
