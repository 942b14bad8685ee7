import type { Logger } from 'pino';
import { ConcurrencyError, type EventStore, type RecordedEvent } from '../ports/event-store.ts';
import type { CommandContext } from '../commands/handle-command.ts';
import { type EventData, toDomainEvent } from '../domain/events.ts';
import { generationCommands, sourceCommands } from '../commands/streams.ts';
import { ConflictError } from '../domain/errors.ts';
import { generationStepOf, generationStreamName, type GenerationCommand } from '../domain/generation.ts';
import { ExtractedContent, type GenerationKind } from '../domain/learning-content.ts';
import type { ReadStore } from '../ports/read-store.ts';
import type { Job } from '../projections/work-queue.ts';
import type { BlobStore } from '../ports/blob-store.ts';
import { startJobRunner, withRetries, type JobRunner } from './job-runner.ts';
import { GenerationError, type Generator } from '../ports/generator.ts';
import { enforceFlashcardQuality, enforceMindmapQuality, enforceQuizQuality } from '../generation/quality.ts';

export type GenerationWorkerOptions = {
  workerId: string;
  eventStore: EventStore;
  readStore: ReadStore;
  blobStore: BlobStore;
  generator: Generator;
  logger: Logger;
  concurrency: number;
  leaseMs: number;
  scanIntervalMs: number;
  transientAttempts?: number;
  retryBaseMs?: number;
  clock?: () => Date;
  onOutcome?: (kind: GenerationKind, outcome: 'generated' | 'failed', seconds: number) => void;
};

const kinds: GenerationKind[] = ['flashcards', 'mindmap', 'quiz'];

export function startGenerationWorker(options: GenerationWorkerOptions): Promise<JobRunner> {
  const now = () => (options.clock ?? (() => new Date()))().toISOString();

  async function run(job: Job): Promise<void> {
    const kind = job.kind as GenerationKind;
    const commands = generationCommands[kind];
    const events = await options.eventStore.readStream(commands.streamName(job.id));
    const requestedEvent = events[0];
    if (!requestedEvent) return;
    const request = toDomainEvent(requestedEvent).data as EventData<'QuizRequested'>;
    const cause = events.at(-1) as RecordedEvent;
    const context = (): CommandContext => ({
      correlationId: cause.metadata.correlationId,
      causationId: cause.id,
      organizationId: request.organizationId,
      now: now(),
    });
    const decide = (command: GenerationCommand) => commands.handle(options.eventStore, job.id, command, context(), { retryOnConflict: false });

    const { state: source } = await sourceCommands.load(options.eventStore, request.sourceId);
    if (source.status === 'pending' || source.status === 'processing' || source.status === 'indexing') return;
    if (source.status !== 'indexed') {
      const reason = source.status === 'failed' ? `the source failed to index: ${source.reason}` : 'the source was deleted';
      await ignoreLostRace(decide({ type: 'FailGeneration', workerId: null, reason, retryable: false, now: now() }));
      return;
    }

    let claim;
    try {
      claim = await decide({ type: 'StartGeneration', workerId: options.workerId, leaseMs: options.leaseMs, now: now() });
    } catch (error) {
      if (error instanceof ConcurrencyError) return;
      throw error;
    }
    if (claim.state.status !== 'generating' || claim.state.claim.workerId !== options.workerId) return;

    const started = Date.now();
    let outcome: GenerationCommand;
    try {
      const content = ExtractedContent.parse(JSON.parse((await options.blobStore.get(source.content.key)).toString('utf8')));
      const sourceTitle = content.title ?? 'Source';
      const input = { sourceTitle, content, difficulty: request.difficulty };
      const generated = await withRetries(
        options.transientAttempts ?? 3,
        options.retryBaseMs ?? 1000,
        async () => {
          if (kind === 'quiz') {
            const numberOfQuestions = request.numberOfQuestions ?? 10;
            const result = await options.generator.quiz({ ...input, numberOfQuestions });
            enforceQuizQuality(result.content, numberOfQuestions);
            return result;
          }
          if (kind === 'flashcards') {
            const result = await options.generator.flashcards(input);
            enforceFlashcardQuality(result.content);
            return result;
          }
          const result = await options.generator.mindmap(input);
          enforceMindmapQuality(result.content);
          return result;
        },
        (error) => error instanceof GenerationError && error.retryable,
      );
      outcome = { type: 'CompleteGeneration', workerId: options.workerId, content: generated.content, generator: generated.generator, now: now() };
    } catch (error) {
      const readable = error instanceof GenerationError;
      if (!readable) options.logger.warn({ err: error, id: job.id, kind }, 'generation failed');
      outcome = {
        type: 'FailGeneration',
        workerId: options.workerId,
        reason: readable ? error.message : 'generation failed because of an internal error; try again later',
        retryable: readable ? error.retryable : true,
        now: now(),
      };
    }
    await ignoreLostRace(decide(outcome));
    options.onOutcome?.(kind, outcome.type === 'CompleteGeneration' ? 'generated' : 'failed', (Date.now() - started) / 1000);
  }

  return startJobRunner({
    name: 'generation',
    eventStore: options.eventStore,
    readStore: options.readStore,
    logger: options.logger,
    kinds,
    concurrency: options.concurrency,
    scanIntervalMs: options.scanIntervalMs,
    jobsFromEvent(event) {
      const lifecycle = generationStepOf(event.type);
      if (lifecycle?.step !== 'Requested') return [];
      const id = String(event.data['id']);
      return [{ id, kind: lifecycle.kind, streamName: generationStreamName(lifecycle.kind, id), sourceId: String(event.data['sourceId']) }];
    },
    rescanOn: (event) => event.type === 'SourceIndexed' || event.type === 'SourceIndexingFailed' || event.type === 'SourceDeleted',
    run,
  });
}

/** Another worker (or an expired lease) got there first: its result is the record, ours is dropped. */
async function ignoreLostRace(result: Promise<unknown>): Promise<void> {
  try {
    await result;
  } catch (error) {
    if (!(error instanceof ConflictError) && !(error instanceof ConcurrencyError)) throw error;
  }
}
