import { toDomainEvent } from '../domain/events.ts';
import type { Doc, ReadModelSpace, ReadWrite } from '../ports/read-store.ts';
import type { Projection } from './projection.ts';

// The sources read model: one document per source with its status, listed per organization.

export const SOURCES = 'sources';
const organizationIndex = (organizationId: string) => `org:${organizationId}`;

const sourceIndexes = (doc: Doc) => [{ name: organizationIndex(String(doc['organizationId'])), score: Date.parse(String(doc['createdAt'])) }];

const put = (doc: Doc): ReadWrite => ({ kind: 'put', collection: SOURCES, id: String(doc['id']), doc, indexes: sourceIndexes(doc) });

export const getSource = (space: ReadModelSpace, sourceId: string) => space.get(SOURCES, sourceId);

export const listSources = (space: ReadModelSpace, organizationId: string, page: { limit: number; cursor?: string | undefined }) =>
  space.list(SOURCES, { index: organizationIndex(organizationId), limit: page.limit, ...(page.cursor ? { cursor: page.cursor } : {}) });

/** Events that change an existing source document. */
const UPDATES = new Set(['SourceUploaded', 'SourceIndexingStarted', 'SourceIndexed', 'SourceIndexingFailed']);

export const sourcesProjection: Projection = {
  name: 'sources',
  reads: { [SOURCES]: (recorded) => (UPDATES.has(recorded.type) ? (toDomainEvent(recorded).data as { sourceId: string }).sourceId : undefined) },
  handle(recorded, reader) {
    const event = toDomainEvent(recorded);
    switch (event.type) {
      case 'SourceIngested': {
        const { sourceId, ingestedAt, ...rest } = event.data;
        const title = rest.fileName ?? rest.url;
        return [put({ id: sourceId, ...rest, ...(title ? { title } : {}), status: 'processing', createdAt: ingestedAt, updatedAt: ingestedAt })];
      }
      case 'SourceUploadRequested': {
        const { sourceId, requestedAt, ...rest } = event.data;
        return [put({ id: sourceId, ...rest, title: rest.fileName, status: 'pending', createdAt: requestedAt, updatedAt: requestedAt })];
      }
      case 'SourceUploaded':
      case 'SourceIndexingStarted':
      case 'SourceIndexed':
      case 'SourceIndexingFailed': {
        const current = reader.get(SOURCES, event.data.sourceId);
        if (!current) return [];
        const updatedAt = recorded.metadata.recordedAt;
        if (event.type === 'SourceUploaded') return [put({ ...current, blob: event.data.blob, status: 'processing', updatedAt })];
        if (event.type === 'SourceIndexingStarted') {
          return [put({ ...current, status: 'processing', attempt: event.data.attempt, updatedAt })];
        }
        if (event.type === 'SourceIndexed') {
          const { sourceId: _id, indexedAt: _at, title, ...indexed } = event.data;
          const { error: _error, ...rest } = current;
          return [put({ ...rest, ...indexed, title: title || current['title'], status: 'indexed', updatedAt })];
        }
        return [put({ ...current, status: 'failed', error: event.data.reason, updatedAt })];
      }
      case 'SourceDeleted':
        return [{ kind: 'delete', collection: SOURCES, id: event.data.sourceId }];
      default:
        return [];
    }
  },
};
