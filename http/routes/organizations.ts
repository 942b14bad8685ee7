import { randomUUID } from 'node:crypto';
import { handleCommand } from '../../commands/handle-command.ts';
import { organizationDecider } from '../../domain/organization.ts';
import type { ApiContext } from '../api-context.ts';
import { newApiKey } from '../../commands/api-keys.ts';
import { defineRoute } from '../route.ts';
import { CreateOrganizationBody, CreateOrganizationResponse, ErrorBody } from '../schemas.ts';

export const organizationRoutes = (api: ApiContext) => [
  defineRoute({
    method: 'post',
    path: '/v1/createOrganization',
    summary: 'Create an organization and its first API key',
    tag: 'Organizations',
    auth: 'adminKey',
    body: CreateOrganizationBody,
    responses: {
      201: { description: 'The organization and its API key (shown only once)', schema: CreateOrganizationResponse },
      400: { description: 'Invalid body', schema: ErrorBody },
      401: { description: 'Missing or invalid admin key', schema: ErrorBody },
    },
    async handle({ body }, context) {
      const { name, url } = CreateOrganizationBody.parse(body);
      const organizationId = randomUUID();
      const key = newApiKey();
      const now = context.now();
      const result = await handleCommand(
        api.eventStore,
        `organization-${organizationId}`,
        organizationDecider,
        { type: 'CreateOrganization', organizationId, name, url, key, now },
        { correlationId: context.correlationId, organizationId, now },
      );
      await api.awaitProjection(result.checkpoint);
      return {
        status: 201,
        body: {
          organization: { _id: organizationId, name, url, createdAt: now, updatedAt: now },
          apiKey: { _id: key.keyId, apiKey: key.plaintext, organizationId, createdAt: now, updatedAt: now },
        },
      };
    },
  }),
];
