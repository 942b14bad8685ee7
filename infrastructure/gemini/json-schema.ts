import { z } from 'zod';

// Gemini's `responseJsonSchema` takes a subset of JSON Schema (the SDK documents the list below); zod
// emits more (`$schema`, `minLength`, `exclusiveMinimum`, `const`, type arrays). We keep what Gemini
// understands and translate what has an equivalent, so the zod schema stays the one source of truth.

const SUPPORTED = new Set([
  '$id',
  '$defs',
  '$ref',
  '$anchor',
  'type',
  'format',
  'title',
  'description',
  'enum',
  'items',
  'prefixItems',
  'minItems',
  'maxItems',
  'minimum',
  'maximum',
  'anyOf',
  'oneOf',
  'properties',
  'additionalProperties',
  'required',
  'propertyOrdering',
]);

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function translate(schema: Json): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'const') out['enum'] = [value];
    else if (key === 'exclusiveMinimum' && typeof value === 'number') out['minimum'] = schema['type'] === 'integer' ? Math.floor(value) + 1 : value;
    else if (key === 'exclusiveMaximum' && typeof value === 'number') out['maximum'] = schema['type'] === 'integer' ? Math.ceil(value) - 1 : value;
    else if ((key === 'maximum' || key === 'minimum') && typeof value === 'number' && Math.abs(value) >= Number.MAX_SAFE_INTEGER) continue;
    else if (key === 'type' && Array.isArray(value)) out['anyOf'] = value.map((type) => ({ type }));
    else if (!SUPPORTED.has(key)) continue;
    else if (key === 'properties' || key === '$defs')
      out[key] = Object.fromEntries(Object.entries(value as Json).map(([name, sub]) => [name, translate(sub as Json)]));
    else if (key === 'items' || key === 'additionalProperties') out[key] = isObject(value) ? translate(value) : value;
    else if (key === 'prefixItems' || key === 'anyOf' || key === 'oneOf') out[key] = (value as Json[]).map(translate);
    else out[key] = value;
  }
  return out;
}

/** The JSON schema Gemini is asked to answer in, from the zod schema the answer is validated with. */
export function geminiJsonSchema(schema: z.ZodType): Json {
  return translate(z.toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'any' }) as Json);
}
