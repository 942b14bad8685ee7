import type { Decider } from './decider.ts';
import type { DomainEvent } from './events.ts';
import { ConflictError, NotFoundError } from './errors.ts';

export const organizationStreamName = (organizationId: string) => `organization-${organizationId}`;

export type OrganizationState = { status: 'none' } | { status: 'active'; organizationId: string; activeKeys: Set<string>; revokedKeys: Set<string> };

export type IssueKey = { keyId: string; keyHash: string; lastFour: string };

export type OrganizationCommand =
  | { type: 'CreateOrganization'; organizationId: string; name: string; url: string; key: IssueKey; now: string }
  | { type: 'IssueApiKey'; key: IssueKey; now: string }
  | { type: 'RevokeApiKey'; keyId: string; now: string };

const issued = (organizationId: string, key: IssueKey, now: string): DomainEvent => ({
  type: 'ApiKeyIssued',
  data: { organizationId, keyId: key.keyId, keyHash: key.keyHash, lastFour: key.lastFour, issuedAt: now },
});

export const organizationDecider: Decider<OrganizationState, OrganizationCommand> = {
  initialState: () => ({ status: 'none' }),

  decide(command, state) {
    if (command.type === 'CreateOrganization') {
      if (state.status !== 'none') throw new ConflictError('the organization already exists');
      const { organizationId, name, url, key, now } = command;
      return [{ type: 'OrganizationCreated', data: { organizationId, name, url, createdAt: now } }, issued(organizationId, key, now)];
    }
    if (state.status === 'none') throw new NotFoundError('organization not found');
    switch (command.type) {
      case 'IssueApiKey':
        if (state.activeKeys.has(command.key.keyId) || state.revokedKeys.has(command.key.keyId)) {
          throw new ConflictError('an API key with this id already exists');
        }
        return [issued(state.organizationId, command.key, command.now)];
      case 'RevokeApiKey':
        if (state.revokedKeys.has(command.keyId)) return [];
        if (!state.activeKeys.has(command.keyId)) throw new NotFoundError('API key not found');
        return [{ type: 'ApiKeyRevoked', data: { organizationId: state.organizationId, keyId: command.keyId, revokedAt: command.now } }];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'OrganizationCreated':
        return { status: 'active', organizationId: event.data.organizationId, activeKeys: new Set(), revokedKeys: new Set() };
      case 'ApiKeyIssued':
        if (state.status !== 'active') return state;
        return { ...state, activeKeys: new Set(state.activeKeys).add(event.data.keyId) };
      case 'ApiKeyRevoked': {
        if (state.status !== 'active') return state;
        const activeKeys = new Set(state.activeKeys);
        activeKeys.delete(event.data.keyId);
        return { ...state, activeKeys, revokedKeys: new Set(state.revokedKeys).add(event.data.keyId) };
      }
      default:
        return state;
    }
  },
};
