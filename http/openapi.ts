import { z } from 'zod';
import type { RouteDefinition } from './route.ts';

// The OpenAPI 3.1.0 description, generated from the same route declarations and zod schemas that
// validate requests, so it cannot drift from what the service does.

type JsonSchema = Record<string, unknown>;

/** Named schemas (`.meta({ id })`) become components; references to them point there. */
const toSchema = (schema: z.ZodType, io: 'input' | 'output' = 'output'): JsonSchema => {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  delete json['$schema'];
  delete json['$defs'];
  return JSON.parse(JSON.stringify(json).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
};

const components = (): Record<string, JsonSchema> => {
  const all = z.toJSONSchema(z.globalRegistry, { target: 'draft-2020-12', uri: (id) => `#/components/schemas/${id}`, unrepresentable: 'any' });
  return Object.fromEntries(
    Object.entries(all.schemas).map(([id, schema]) => {
      const { $schema: _s, $id: _i, ...rest } = schema as JsonSchema;
      return [id, rest];
    }),
  );
};

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}').replace(/\*(\w+)/g, '{$1}');

const security: Record<RouteDefinition['auth'], unknown[]> = {
  apiKey: [{ apiKey: [] }],
  adminKey: [{ adminKey: [] }],
  none: [],
  signedUrl: [],
};

export function buildOpenApi(routes: RouteDefinition[], info: { serverUrl?: string } = {}) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const parameters: unknown[] = [];
    const pathParams = [...route.path.matchAll(/[:*](\w+)/g)].map((m) => m[1] as string);
    for (const name of pathParams) {
      const shape = route.params?.shape[name] as z.ZodType | undefined;
      parameters.push({ name, in: 'path', required: true, schema: shape ? toSchema(shape) : { type: 'string' } });
    }
    for (const [name, field] of Object.entries(route.query?.shape ?? {})) {
      const schema = field as z.ZodType;
      parameters.push({ name, in: 'query', required: !schema.safeParse(undefined).success, schema: toSchema(schema, 'input') });
    }
    const requestBody = route.body
      ? { required: false, content: { 'application/json': { schema: toSchema(route.body, 'input') } } }
      : route.requestContent
        ? { required: true, content: route.requestContent }
        : undefined;
    const responses = Object.fromEntries(
      Object.entries(route.responses).map(([status, response]) => [
        status,
        { description: response.description, ...(response.schema ? { content: { 'application/json': { schema: toSchema(response.schema) } } } : {}) },
      ]),
    );
    if (route.auth === 'apiKey' || route.auth === 'adminKey') {
      responses['500'] ??= {
        description: 'Internal error (the body carries a request id)',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      };
    }
    (paths[openApiPath(route.path)] ??= {})[route.method] = {
      summary: route.summary,
      tags: [route.tag],
      operationId: `${route.method}${openApiPath(route.path).replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      security: security[route.auth],
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Learning-content generation API',
      version: '1.0.0',
      description: 'Ingest sources and generate flashcard sets, mindmaps and quizzes from them.',
    },
    ...(info.serverUrl ? { servers: [{ url: info.serverUrl }] } : {}),
    paths,
    components: {
      schemas: components(),
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        adminKey: { type: 'apiKey', in: 'header', name: 'admin-key' },
      },
    },
  };
}
