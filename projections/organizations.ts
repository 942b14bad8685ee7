import { toDomainEvent } from '../domain/events.ts';
import type { ReadModelSpace } from '../ports/read-store.ts';
import type { Projection } from './projection.ts';

// Organizations and their API keys. `apiKeys` is keyed by the key's SHA-256 so authentication is one
// lookup; `apiKeyRecords` by key id, so revocation finds the hash to remove.

const ORGANIZATIONS = 'organizations';
const API_KEYS = 'apiKeys';
const API_KEY_RECORDS = 'apiKeyRecords';
const keysOf = (organizationId: string) => `org:${organizationId}`;

export const getOrganization = (space: ReadModelSpace, organizationId: string) => space.get(ORGANIZATIONS, organizationId);

/** The organization and key id an active key's hash belongs to, or null (unknown or revoked). */
export async function findKeyByHash(space: ReadModelSpace, keyHash: string): Promise<{ organizationId: string; keyId: string } | null> {
  const doc = await space.get(API_KEYS, keyHash);
  return doc ? { organizationId: String(doc['organizationId']), keyId: String(doc['keyId']) } : null;
}

/** Every key the organization was issued (revoked ones too), newest first. */
export const listApiKeyRecords = (space: ReadModelSpace, organizationId: string, limit: number) =>
  space.list(API_KEY_RECORDS, { index: keysOf(organizationId), limit });

export const organizationsProjection: Projection = {
  name: 'organizations',
  reads: {
    [API_KEY_RECORDS]: (recorded) => {
      const event = toDomainEvent(recorded);
      return event.type === 'ApiKeyRevoked' ? event.data.keyId : undefined;
    },
  },
  handle(recorded, reader) {
    const event = toDomainEvent(recorded);
    switch (event.type) {
      case 'OrganizationCreated': {
        const { organizationId, name, url, createdAt } = event.data;
        return [
          {
            kind: 'put',
            collection: ORGANIZATIONS,
            id: organizationId,
            doc: { id: organizationId, name, url, createdAt, updatedAt: createdAt },
            indexes: [{ name: 'all', score: Date.parse(createdAt) }],
          },
        ];
      }
      case 'ApiKeyIssued': {
        const { organizationId, keyId, keyHash, lastFour, issuedAt } = event.data;
        const record = { id: keyId, organizationId, keyHash, lastFour, createdAt: issuedAt, updatedAt: issuedAt };
        return [
          { kind: 'put', collection: API_KEYS, id: keyHash, doc: { keyId, organizationId }, indexes: [], unindexed: true },
          { kind: 'put', collection: API_KEY_RECORDS, id: keyId, doc: record, indexes: [{ name: keysOf(organizationId), score: Date.parse(issuedAt) }] },
        ];
      }
      case 'ApiKeyRevoked': {
        const record = reader.get(API_KEY_RECORDS, event.data.keyId);
        if (!record) return [];
        return [
          { kind: 'delete', collection: API_KEYS, id: String(record['keyHash']) },
          {
            kind: 'put',
            collection: API_KEY_RECORDS,
            id: event.data.keyId,
            doc: { ...record, revokedAt: event.data.revokedAt, updatedAt: event.data.revokedAt },
            indexes: [{ name: keysOf(event.data.organizationId), score: Date.parse(String(record['createdAt'])) }],
          },
        ];
      }
      default:
        return [];
    }
  },
};
