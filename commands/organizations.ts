import type { EventStore } from '../ports/event-store.ts';
import { newApiKey } from './api-keys.ts';
import type { CommandContext } from './handle-command.ts';
import { organizationCommands } from './streams.ts';

// Organization use cases: creation with a first key, and the key lifecycle (several keys at once,
// so a key is rotated without downtime: issue a new one, move clients, revoke the old one).

export type IssuedKey = { keyId: string; plaintext: string; issuedAt: string };

export async function createOrganization(store: EventStore, input: { organizationId: string; name: string; url: string }, context: CommandContext) {
  const key = newApiKey();
  const result = await organizationCommands.handle(
    store,
    input.organizationId,
    { type: 'CreateOrganization', ...input, key, now: context.now },
    {
      ...context,
      organizationId: input.organizationId,
    },
  );
  return { result, key: { keyId: key.keyId, plaintext: key.plaintext, issuedAt: context.now } satisfies IssuedKey };
}

export async function issueApiKey(store: EventStore, organizationId: string, context: CommandContext) {
  const key = newApiKey();
  const result = await organizationCommands.handle(store, organizationId, { type: 'IssueApiKey', key, now: context.now }, { ...context, organizationId });
  return { result, key: { keyId: key.keyId, plaintext: key.plaintext, issuedAt: context.now } satisfies IssuedKey };
}

export const revokeApiKey = (store: EventStore, organizationId: string, keyId: string, context: CommandContext) =>
  organizationCommands.handle(store, organizationId, { type: 'RevokeApiKey', keyId, now: context.now }, { ...context, organizationId });
