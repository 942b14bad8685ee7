import type { Projection } from './projection.ts';
import type { Doc, ReadModelSpace, ReadWrite } from '../ports/read-store.ts';

// Each organization's own events, numbered 1, 2, 3... in the order they happened, for clients and
// auditors who follow what happened without polling every resource. Dense numbers let a reader
// fetch the entries after any position by id.

const FEED = 'feed';
const COUNTERS = 'feedCounters';

/** Fields that stay out of the feed: hashes of keys and internal storage references. */
const HIDDEN_FIELDS = new Set(['keyHash', 'blob', 'content', 'fileKey', 'workerId', 'leaseExpiresAt']);

// A rebuild runs this for every event: no copy for the many events without hidden fields.
const withoutHiddenFields = (data: Record<string, unknown>) => {
  for (const key in data) {
    if (!HIDDEN_FIELDS.has(key)) continue;
    const shown: Record<string, unknown> = {};
    for (const field in data) if (!HIDDEN_FIELDS.has(field)) shown[field] = data[field];
    return shown;
  }
  return data;
};

const feedEntryId = (organizationId: string, sequence: number) => `${organizationId}:${sequence}`;

/** The organization's entries after `after`, oldest first: up to `limit`, stopping at the first not yet written. */
export async function readFeed(space: ReadModelSpace, organizationId: string, after: number, limit: number): Promise<Doc[]> {
  const docs = await space.getMany(Array.from({ length: limit }, (_, i) => ({ collection: FEED, id: feedEntryId(organizationId, after + 1 + i) })));
  const firstMissing = docs.indexOf(null);
  return (firstMissing === -1 ? docs : docs.slice(0, firstMissing)) as Doc[];
}

export const organizationFeedProjection: Projection = {
  name: 'organization-feed',
  reads: { [COUNTERS]: (event) => event.metadata.organizationId },
  handle(event, reader) {
    const organizationId = event.metadata.organizationId;
    if (!organizationId) return [];
    const counter = reader.get(COUNTERS, organizationId);
    const sequence = Number(counter?.['sequence'] ?? 0) + 1;
    const data = withoutHiddenFields(event.data);
    const writes: ReadWrite[] = [
      { kind: 'put', collection: COUNTERS, id: organizationId, doc: { sequence }, indexes: [], unindexed: true },
      {
        kind: 'put',
        collection: FEED,
        id: feedEntryId(organizationId, sequence),
        doc: {
          sequence,
          organizationId,
          type: event.type,
          stream: event.streamName,
          data,
          correlationId: event.metadata.correlationId,
          recordedAt: event.metadata.recordedAt,
        },
        indexes: [],
        unindexed: true,
      },
    ];
    return writes;
  },
};
