import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError } from '../domain/errors.ts';
import { DEFAULT_QUESTIONS, type Difficulty, type GenerationKind } from '../domain/learning-content.ts';
import type { EventStore } from '../ports/event-store.ts';
import type { ReadStore } from '../ports/read-store.ts';
import { countGenerating } from '../projections/generated-resources.ts';
import { type CommandContext, createOnce, type NewId } from './handle-command.ts';
import { generationCommands, sourceCommands } from './streams.ts';

// Generation use cases for flashcard sets, mindmaps and quizzes: request (checked against the
// source's own stream and the organization's quota) and delete.

export type GenerationRequest = { sourceId: string; difficulty: Difficulty; numberOfQuestions?: number };

/** How long a client should wait before asking again when the quota is full. */
const QUOTA_RETRY_AFTER_SECONDS = 5;

export async function requestGeneration(
  deps: { eventStore: EventStore; readStore: ReadStore; maxConcurrentGenerations: number },
  kind: GenerationKind,
  id: NewId,
  request: GenerationRequest,
  context: CommandContext & { organizationId: string },
) {
  const commands = generationCommands[kind];
  return createOnce(deps.eventStore, commands.streamName(id.id), id, context.organizationId, async () => {
    const { state: source } = await sourceCommands.load(deps.eventStore, request.sourceId);
    if (source.status === 'none' || source.status === 'deleted') throw new NotFoundError('source not found');
    if (source.organizationId !== context.organizationId) throw new ForbiddenError('this source belongs to another organization');
    if (source.status === 'failed') throw new ConflictError(`the source failed to index: ${source.reason}`);
    // A pending source may never get its file: waiting for it would hold a generation slot until its URL expires.
    if (source.status === 'pending') throw new ConflictError('the source has no file yet: upload the file to its upload URL first, then generate');
    const max = deps.maxConcurrentGenerations;
    const inProgress = await countGenerating(await deps.readStore.active(), context.organizationId, max);
    if (inProgress >= max) {
      throw new TooManyRequestsError(
        `${inProgress} generations are in progress for this organization (the limit is ${max}); retry when one has finished`,
        QUOTA_RETRY_AFTER_SECONDS,
      );
    }
    return commands.handle(
      deps.eventStore,
      id.id,
      {
        type: 'RequestGeneration',
        request: {
          id: id.id,
          organizationId: context.organizationId,
          sourceId: request.sourceId,
          difficulty: request.difficulty,
          ...(kind === 'quiz' ? { numberOfQuestions: request.numberOfQuestions ?? DEFAULT_QUESTIONS } : {}),
        },
        now: context.now,
      },
      context,
    );
  });
}

export const deleteGeneration = (store: EventStore, kind: GenerationKind, id: string, context: CommandContext & { organizationId: string }) =>
  generationCommands[kind].handle(store, id, { type: 'DeleteGeneration', organizationId: context.organizationId, now: context.now }, context);
