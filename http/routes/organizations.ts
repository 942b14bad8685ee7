import { createOrganization } from '../../commands/organizations.ts';
import { ConflictError } from '../../domain/errors.ts';
import { answerWrite, type ApiContext } from '../api-context.ts';
import { HttpError } from '../http-error.ts';
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
      202: { description: 'Created; the key works once the read models catch up (within moments)', schema: CreateOrganizationResponse },
      400: { description: 'Invalid body', schema: ErrorBody },
      401: { description: 'Missing or invalid admin key', schema: ErrorBody },
      409: { description: 'This Idempotency-Key already created an organization', schema: ErrorBody },
    },
    async handle({ body }, context) {
      const { name, url } = CreateOrganizationBody.parse(body);
      const organizationId = context.newId();
      const now = context.now();
      const created = await createOrganization(
        api.eventStore,
        { organizationId: organizationId.id, name, url },
        { correlationId: context.correlationId, now },
      ).catch((error: unknown) => {
        // The plaintext key exists only in the first answer: a retry that finds the organization cannot show it again.
        if (organizationId.derived && error instanceof ConflictError) {
          throw new HttpError(409, 'an organization was already created with this Idempotency-Key; its API key was shown only in that answer');
        }
        throw error;
      });
      const answer = {
        organization: { _id: organizationId.id, name, url, createdAt: now, updatedAt: now },
        apiKey: { _id: created.key.keyId, apiKey: created.key.plaintext, organizationId: organizationId.id, createdAt: now, updatedAt: now },
      };
      return answerWrite(api, context, created.result.checkpoint, { status: 202, body: answer }, async () => ({ status: 201, body: answer }));
    },
  }),
];
