import type { Doc } from '../ports/read-store.ts';

// What a client sees of a read-model document, wherever it reaches them (a GET, a webhook): `id` for
// single items, `_id` in lists, and none of the internal fields.

/** Internal fields of the source read model. */
export const SOURCE_INTERNAL = ['blob', 'content', 'fileKey', 'contentType', 'expiresAt', 'attempt', 'detectedType'] as const;
/** Internal fields of the flashcard set, quiz and mindmap read models. */
export const GENERATED_INTERNAL = ['kind', 'attempt', 'generator'] as const;

// Built field by field: a rest copy and `delete` left an object in dictionary mode, slower to serialise.
export const present = (doc: Doc, idField: 'id' | '_id', hidden: readonly string[]): Doc => {
  const shown: Doc = { [idField]: doc['id'] };
  for (const field in doc) if (field !== 'id' && field !== 'organizationId' && !hidden.includes(field)) shown[field] = doc[field];
  return shown;
};
