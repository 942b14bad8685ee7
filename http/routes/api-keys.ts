import { z } from 'zod';
import { issueApiKey, revokeApiKey } from '../../commands/organizations.ts';
import { getOrganization, listApiKeyRecords } from '../../projections/organizations.ts';
import { answerWrite, type ApiContext } from '../api-context.ts';
import { HttpError } from '../http-error.ts';
import { defineRoute } from '../route.ts';
import { ApiKeyRecord, ErrorBody, MessageBody } from '../schemas.ts';

// Key lifecycle for administrators: an organization may hold several keys, so a key can be rotated
// without downtime (issue a new one, move clients, revoke the old one).

const OrganizationParams = z.object({ organizationId: z.string().min(1).max(100) });
const KeyParams = OrganizationParams.extend({ keyId: z.string().min(1).max(100) });
const KeySummary = z
  .object({ _id: z.string(), organizationId: z.string(), lastFour: z.string(), createdAt: z.string(), updatedAt: z.string(), revokedAt: z.string().optional() })
  .meta({ id: 'ApiKeySummary' });
const adminErrors = {
  401: { description: 'Missing or invalid admin key', schema: ErrorBody },
  404: { description: 'Unknown organization or key', schema: ErrorBody },
};

export const apiKeyRoutes = (api: ApiContext) => {
  const requireOrganization = async (organizationId: string) => {
    if (!(await getOrganization(await api.readStore.active(), organizationId))) throw new HttpError(404, 'organization not found');
  };
  return [
    defineRoute({
      method: 'post',
      path: '/v1/organizations/:organizationId/apiKeys',
      summary: 'Issue another API key for an organization (admin)',
      tag: 'Organizations',
      auth: 'adminKey',
      params: OrganizationParams,
      responses: {
        201: { description: 'The new key (shown only once)', schema: z.object({ apiKey: ApiKeyRecord }) },
        202: { description: 'The new key (shown only once); it works once the read models catch up', schema: z.object({ apiKey: ApiKeyRecord }) },
        ...adminErrors,
      },
      async handle({ params }, context) {
        const organizationId = String(params['organizationId']);
        await requireOrganization(organizationId);
        const { result, key } = await issueApiKey(api.eventStore, organizationId, { correlationId: context.correlationId, now: context.now() });
        const answer = { apiKey: { _id: key.keyId, apiKey: key.plaintext, organizationId, createdAt: key.issuedAt, updatedAt: key.issuedAt } };
        return answerWrite(api, context, result.checkpoint, { status: 202, body: answer }, async () => ({ status: 201, body: answer }));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/organizations/:organizationId/apiKeys',
      summary: "List an organization's keys by their last four characters (admin)",
      tag: 'Organizations',
      auth: 'adminKey',
      params: OrganizationParams,
      responses: { 200: { description: 'The keys, newest first', schema: z.object({ data: z.array(KeySummary) }) }, ...adminErrors },
      async handle({ params }) {
        const organizationId = String(params['organizationId']);
        await requireOrganization(organizationId);
        const page = await listApiKeyRecords(await api.readStore.active(), organizationId, 200);
        return {
          status: 200,
          body: { data: page.items.map(({ id, keyHash: _hash, ...record }) => ({ _id: id, ...record })) },
        };
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/organizations/:organizationId/apiKeys/:keyId',
      summary: 'Revoke an API key (admin); it is refused at once',
      tag: 'Organizations',
      auth: 'adminKey',
      params: KeyParams,
      responses: { 200: { description: 'Revoked', schema: MessageBody }, ...adminErrors },
      async handle({ params }, context) {
        const result = await revokeApiKey(api.eventStore, String(params['organizationId']), String(params['keyId']), {
          correlationId: context.correlationId,
          now: context.now(),
        });
        return answerWrite(api, context, result.checkpoint, { status: 200, body: { message: 'API key revoked' } });
      },
    }),
  ];
};
