import { toDomainEvent } from '../commands/handle-command.ts';
import type { RecordedEvent } from '../ports/event-store.ts';
import { generationNames, generationStepOf } from '../domain/generation.ts';
import type { GenerationKind } from '../domain/learning-content.ts';
import type { EventData } from '../domain/events.ts';
import type { Doc, ReadWrite } from '../ports/read-store.ts';
import type { Projection } from './projection.ts';

// Flashcard sets, mindmaps and quizzes: one document each, listed per organization and per source.

const put = (collection: string, doc: Doc): ReadWrite => {
  const score = Date.parse(String(doc['createdAt']));
  const organization = `org:${String(doc['organizationId'])}`;
  return {
    kind: 'put',
    collection,
    id: String(doc['id']),
    doc,
    indexes: [
      { name: organization, score },
      { name: `${organization}:source:${String(doc['sourceId'])}`, score },
      // Counts the organization's generations in progress, for its concurrency quota.
      ...(doc['status'] === 'generating' ? [{ name: `${organization}:generating`, score }] : []),
    ],
  };
};

/** The id of the `kind` resource that `recorded` changes once it exists, if any. */
const updatedResourceOf = (kind: GenerationKind, recorded: RecordedEvent) => {
  const lifecycle = generationStepOf(recorded.type);
  if (lifecycle?.kind !== kind || lifecycle.step === 'Requested' || lifecycle.step === 'Deleted') return undefined;
  return (toDomainEvent(recorded).data as { id: string }).id;
};

export const generatedResourcesProjection: Projection = {
  name: 'generated-resources',
  reads: Object.fromEntries(
    (Object.keys(generationNames) as GenerationKind[]).map((kind) => [generationNames[kind].collection, (recorded: RecordedEvent) => updatedResourceOf(kind, recorded)]),
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
