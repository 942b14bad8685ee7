import { type EventData, toDomainEvent } from '../domain/events.ts';
import type { RecordedEvent } from '../ports/event-store.ts';
import { generationNames, generationStepOf } from '../domain/generation.ts';
import type { GenerationKind } from '../domain/learning-content.ts';
import type { Doc, ReadModelSpace, ReadWrite } from '../ports/read-store.ts';
import type { Projection } from './projection.ts';

// Flashcard sets, mindmaps and quizzes: one document each, listed per organization and per source.

const organizationIndex = (organizationId: string) => `org:${organizationId}`;
const sourceIndex = (organizationId: string, sourceId: string) => `${organizationIndex(organizationId)}:source:${sourceId}`;
/** Counts the organization's generations in progress, for its concurrency quota. */
const generatingIndex = (organizationId: string) => `${organizationIndex(organizationId)}:generating`;

const put = (collection: string, doc: Doc): ReadWrite => {
  const score = Date.parse(String(doc['createdAt']));
  const organizationId = String(doc['organizationId']);
  return {
    kind: 'put',
    collection,
    id: String(doc['id']),
    doc,
    indexes: [
      { name: organizationIndex(organizationId), score },
      { name: sourceIndex(organizationId, String(doc['sourceId'])), score },
      ...(doc['status'] === 'generating' ? [{ name: generatingIndex(organizationId), score }] : []),
    ],
  };
};

export const getGeneration = (space: ReadModelSpace, kind: GenerationKind, id: string) => space.get(generationNames[kind].collection, id);

/** The organization's resources of `kind`, newest first; only those of one source when `sourceId` is given. */
export const listGenerations = (
  space: ReadModelSpace,
  kind: GenerationKind,
  organizationId: string,
  page: { limit: number; cursor?: string | undefined; sourceId?: string | undefined },
) =>
  space.list(generationNames[kind].collection, {
    index: page.sourceId ? sourceIndex(organizationId, page.sourceId) : organizationIndex(organizationId),
    limit: page.limit,
    ...(page.cursor ? { cursor: page.cursor } : {}),
  });

/** Generations of every kind in progress for the organization, counted up to `upTo`. */
export async function countGenerating(space: ReadModelSpace, organizationId: string, upTo: number): Promise<number> {
  let count = 0;
  for (const { collection } of Object.values(generationNames)) {
    count += (await space.list(collection, { index: generatingIndex(organizationId), limit: upTo + 1 })).items.length;
  }
  return count;
}

/** The id of the `kind` resource that `recorded` changes once it exists, if any. */
const updatedResourceOf = (kind: GenerationKind, recorded: RecordedEvent) => {
  const lifecycle = generationStepOf(recorded.type);
  if (lifecycle?.kind !== kind || lifecycle.step === 'Requested' || lifecycle.step === 'Deleted') return undefined;
  return (toDomainEvent(recorded).data as { id: string }).id;
};

export const generatedResourcesProjection: Projection = {
  name: 'generated-resources',
  reads: Object.fromEntries(
    (Object.keys(generationNames) as GenerationKind[]).map((kind) => [
      generationNames[kind].collection,
      (recorded: RecordedEvent) => updatedResourceOf(kind, recorded),
    ]),
  ),
  handle(recorded, reader) {
    const lifecycle = generationStepOf(recorded.type);
    if (!lifecycle) return [];
    const { collection } = generationNames[lifecycle.kind];
    const event = toDomainEvent(recorded);
    const data = event.data as Record<string, unknown>;
    const id = String(data['id']);
    const updatedAt = recorded.metadata.recordedAt;

    if (lifecycle.step === 'Requested') {
      const { requestedAt, ...request } = data as EventData<'QuizRequested'>;
      return [put(collection, { ...request, kind: lifecycle.kind, status: 'generating', createdAt: requestedAt, updatedAt: requestedAt })];
    }
    if (lifecycle.step === 'Deleted') return [{ kind: 'delete', collection, id }];

    const current = reader.get(collection, id);
    if (!current) return [];
    switch (lifecycle.step) {
      case 'GenerationStarted':
        return [put(collection, { ...current, attempt: data['attempt'], updatedAt })];
      case 'Generated': {
        const { content, generator } = data as EventData<'QuizGenerated'>;
        const { error: _error, ...rest } = current;
        return [put(collection, { ...rest, ...(content as Doc), generator, status: 'ready', updatedAt })];
      }
      case 'GenerationFailed':
        return [put(collection, { ...current, status: 'failed', error: data['reason'], updatedAt })];
    }
  },
};
