import type { Decider } from './decider.ts';
import type { DomainEvent, EventData, EventType } from './events.ts';
import { ConflictError, ForbiddenError, NotFoundError } from './errors.ts';
import { type Claim, leaseExpired, leaseUntil, MAX_ATTEMPTS } from './lease.ts';
import type { GenerationKind, GeneratorInfo } from './learning-content.ts';

// One decider for the three generated resources: they share a lifecycle and differ in event names
// and content shape.

export const generationNames = {
  flashcards: { prefix: 'Flashcards', deleted: 'FlashcardSetDeleted', stream: 'flashcards', collection: 'flashcards' },
  mindmap: { prefix: 'Mindmap', deleted: 'MindmapDeleted', stream: 'mindmap', collection: 'mindmaps' },
  quiz: { prefix: 'Quiz', deleted: 'QuizDeleted', stream: 'quiz', collection: 'quizzes' },
} as const satisfies Record<GenerationKind, { prefix: string; deleted: EventType; stream: string; collection: string }>;

export type GenerationStep = 'Requested' | 'GenerationStarted' | 'Generated' | 'GenerationFailed' | 'Deleted';

const stepByEventType = new Map<string, { kind: GenerationKind; step: GenerationStep }>(
  (Object.keys(generationNames) as GenerationKind[]).flatMap((kind) => {
    const { prefix, deleted } = generationNames[kind];
    const steps: GenerationStep[] = ['Requested', 'GenerationStarted', 'Generated', 'GenerationFailed'];
    return [...steps.map((step) => [`${prefix}${step}`, { kind, step }] as const), [deleted, { kind, step: 'Deleted' as const }] as const];
  }),
);

/** Which kind and lifecycle step an event type belongs to, or undefined for other events. */
export const generationStepOf = (type: string) => stepByEventType.get(type);

export const generationEventType = (kind: GenerationKind, step: GenerationStep): EventType =>
  (step === 'Deleted' ? generationNames[kind].deleted : `${generationNames[kind].prefix}${step}`) as EventType;

export const generationStreamName = (kind: GenerationKind, id: string) => `${generationNames[kind].stream}-${id}`;

type Requested = EventData<'QuizRequested'>;
type Known = { id: string; organizationId: string; sourceId: string };

export type GenerationState =
  | { status: 'none' }
  | (Known & { status: 'requested'; attempts: number })
  | (Known & { status: 'generating'; claim: Claim })
  | (Known & { status: 'ready' })
  | (Known & { status: 'failed'; reason: string })
  | (Known & { status: 'deleted' });

export type GenerationCommand =
  | { type: 'RequestGeneration'; request: Omit<Requested, 'requestedAt'>; now: string }
  | { type: 'StartGeneration'; workerId: string; leaseMs: number; now: string }
  | { type: 'CompleteGeneration'; workerId: string; content: unknown; generator: GeneratorInfo; now: string }
  /** `workerId` null: failed without a claim, e.g. because the source failed to index. */
  | { type: 'FailGeneration'; workerId: string | null; reason: string; retryable: boolean; now: string }
  | { type: 'DeleteGeneration'; organizationId: string; now: string };

const event = (kind: GenerationKind, step: GenerationStep, data: Record<string, unknown>) => ({ type: generationEventType(kind, step), data }) as DomainEvent;

export function generationDecider(kind: GenerationKind): Decider<GenerationState, GenerationCommand> {
  const label = kind === 'flashcards' ? 'flashcard set' : kind;
  const existing = (state: GenerationState) => {
    if (state.status === 'none' || state.status === 'deleted') throw new NotFoundError(`${label} not found`);
    return state;
  };
  const failure = (state: Known, reason: string, retryable: boolean, attempt: number, now: string) =>
    event(kind, 'GenerationFailed', { id: state.id, reason, retryable, attempt, failedAt: now });

  return {
    initialState: () => ({ status: 'none' }),

    decide(command, state) {
      switch (command.type) {
        case 'RequestGeneration':
          if (state.status !== 'none') throw new ConflictError(`the ${label} already exists`);
          return [event(kind, 'Requested', { ...command.request, requestedAt: command.now })];
        case 'StartGeneration': {
          const attempt =
            state.status === 'requested'
              ? state.attempts + 1
              : state.status === 'generating' && leaseExpired(state.claim, command.now)
                ? state.claim.attempt + 1
                : null;
          if (attempt === null || state.status === 'none') return [];
          if (attempt > MAX_ATTEMPTS) {
            return [failure(state, `generation did not finish after ${MAX_ATTEMPTS} attempts`, false, MAX_ATTEMPTS, command.now)];
          }
          const leaseExpiresAt = leaseUntil(command.now, command.leaseMs);
          return [event(kind, 'GenerationStarted', { id: state.id, workerId: command.workerId, attempt, leaseExpiresAt, startedAt: command.now })];
        }
        case 'CompleteGeneration': {
          if (state.status !== 'generating' || state.claim.workerId !== command.workerId) {
            throw new ConflictError('this worker no longer holds the generation claim');
          }
          return [event(kind, 'Generated', { id: state.id, content: command.content, generator: command.generator, generatedAt: command.now })];
        }
        case 'FailGeneration': {
          const live = existing(state);
          if (command.workerId === null) {
            if (live.status !== 'requested') return [];
            return [failure(live, command.reason, command.retryable, 0, command.now)];
          }
          if (live.status !== 'generating' || live.claim.workerId !== command.workerId) {
            throw new ConflictError('this worker no longer holds the generation claim');
          }
          return [failure(live, command.reason, command.retryable, live.claim.attempt, command.now)];
        }
        case 'DeleteGeneration': {
          const live = existing(state);
          if (live.organizationId !== command.organizationId) {
            throw new ForbiddenError(`this ${label} belongs to another organization`);
          }
          return [event(kind, 'Deleted', { id: live.id, deletedAt: command.now })];
        }
      }
    },

    evolve(state, domainEvent) {
      const step = generationStepOf(domainEvent.type)?.step;
      const data = domainEvent.data as Record<string, unknown>;
      if (step === 'Requested') {
        const { id, organizationId, sourceId } = data as Requested;
        return { status: 'requested', id, organizationId, sourceId, attempts: 0 };
      }
      if (state.status === 'none' || state.status === 'deleted') return state;
      const known = { id: state.id, organizationId: state.organizationId, sourceId: state.sourceId };
      switch (step) {
        case 'GenerationStarted': {
          const { workerId, attempt, leaseExpiresAt } = data as EventData<'QuizGenerationStarted'>;
          return { ...known, status: 'generating', claim: { workerId, attempt, leaseExpiresAt } };
        }
        case 'Generated':
          return { ...known, status: 'ready' };
        case 'GenerationFailed':
          return { ...known, status: 'failed', reason: (data as EventData<'QuizGenerationFailed'>).reason };
        case 'Deleted':
          return { ...known, status: 'deleted' };
        default:
          return state;
      }
    },
  };
}
