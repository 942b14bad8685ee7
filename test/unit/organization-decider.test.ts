import { describe, test } from 'node:test';
import { organizationDecider } from '../../domain/organization.ts';
import { ConflictError, NotFoundError } from '../../domain/errors.ts';
import type { DomainEvent } from '../../domain/events.ts';
import { deciderSpec } from '../support/decider-spec.ts';

const spec = deciderSpec(organizationDecider);
const now = '2026-01-01T00:00:00.000Z';
const later = '2026-01-02T00:00:00.000Z';
const key = { keyId: 'key-1', keyHash: 'a'.repeat(64), lastFour: 'wxyz' };
const key2 = { keyId: 'key-2', keyHash: 'b'.repeat(64), lastFour: 'abcd' };

const created: DomainEvent = { type: 'OrganizationCreated', data: { organizationId: 'org-1', name: 'Acme', url: 'https://acme.test', createdAt: now } };
const issued = (k: typeof key, at = now): DomainEvent => ({
  type: 'ApiKeyIssued',
  data: { organizationId: 'org-1', keyId: k.keyId, keyHash: k.keyHash, lastFour: k.lastFour, issuedAt: at },
});

describe('organization decider', () => {
  test('creating an organization issues its first API key', () =>
    spec
      .given([])
      .when({ type: 'CreateOrganization', organizationId: 'org-1', name: 'Acme', url: 'https://acme.test', key, now })
      .then([created, issued(key)]));

  test('an organization cannot be created twice', () =>
    spec
      .given([created, issued(key)])
      .when({ type: 'CreateOrganization', organizationId: 'org-1', name: 'Acme', url: 'https://acme.test', key, now })
      .thenThrows(ConflictError));

  test('another key can be issued', () =>
    spec
      .given([created, issued(key)])
      .when({ type: 'IssueApiKey', key: key2, now: later })
      .then([issued(key2, later)]));

  test('a key id cannot be reused', () =>
    spec
      .given([created, issued(key)])
      .when({ type: 'IssueApiKey', key, now: later })
      .thenThrows(ConflictError));

  test('issuing a key for an unknown organization fails', () => spec.given([]).when({ type: 'IssueApiKey', key, now }).thenThrows(NotFoundError));

  test('a key can be revoked', () =>
    spec
      .given([created, issued(key)])
      .when({ type: 'RevokeApiKey', keyId: 'key-1', now: later })
      .then([{ type: 'ApiKeyRevoked', data: { organizationId: 'org-1', keyId: 'key-1', revokedAt: later } }]));

  test('revoking a revoked key changes nothing', () =>
    spec
      .given([created, issued(key), { type: 'ApiKeyRevoked', data: { organizationId: 'org-1', keyId: 'key-1', revokedAt: later } }])
      .when({ type: 'RevokeApiKey', keyId: 'key-1', now: later })
      .then([]));

  test('revoking an unknown key fails', () =>
    spec
      .given([created, issued(key)])
      .when({ type: 'RevokeApiKey', keyId: 'nope', now })
      .thenThrows(NotFoundError));
});
