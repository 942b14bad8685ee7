import { toDomainEvent } from '../commands/handle-command.ts';
import type { Projection } from './projection.ts';

// Organizations and their API keys. `apiKeys` is keyed by the key's SHA-256 so authentication is one
// lookup; `apiKeyRecords` by key id, so revocation finds the hash to remove.

export const organizationsProjection: Projection = {
  name: 'organizations',
  reads: {
    apiKeyRecords: (recorded) => {
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
            collection: 'organizations',
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
          { kind: 'put', collection: 'apiKeys', id: keyHash, doc: { keyId, organizationId }, indexes: [], unindexed: true },
          { kind: 'put', collection: 'apiKeyRecords', id: keyId, doc: record, indexes: [{ name: `org:${organizationId}`, score: Date.parse(issuedAt) }] },
        ];
      }
      case 'ApiKeyRevoked': {
        const record = reader.get('apiKeyRecords', event.data.keyId);
        if (!record) return [];
        return [
          { kind: 'delete', collection: 'apiKeys', id: String(record['keyHash']) },
          {
            kind: 'put',
            collection: 'apiKeyRecords',
            id: event.data.keyId,
            doc: { ...record, revokedAt: event.data.revokedAt, updatedAt: event.data.revokedAt },
            indexes: [{ name: `org:${event.data.organizationId}`, score: Date.parse(String(record['createdAt'])) }],
          },
        ];
      }
      default:
        return [];
    }
  },
};
