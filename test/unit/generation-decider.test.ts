import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generationDecider, generationEventType, generationStepOf } from '../../domain/generation.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../domain/errors.ts';
import type { DomainEvent } from '../../domain/events.ts';
import { deciderSpec } from '../support/decider-spec.ts';

const t0 = '2026-01-01T00:00:00.000Z';
const t1 = '2026-01-01T00:01:00.000Z';
const t10 = '2026-01-01T00:10:00.000Z';
const request = { id: 'q-1', organizationId: 'org-1', sourceId: 's-1', difficulty: 'hard' as const, numberOfQuestions: 5 };
const generator = { name: 'offline' };

describe('generation decider', () => {
  test('event names follow the catalog for each kind', () => {
    assert.equal(generationEventType('flashcards', 'Deleted'), 'FlashcardSetDeleted');
    assert.equal(generationEventType('mindmap', 'Generated'), 'MindmapGenerated');
    assert.deepEqual(generationStepOf('QuizGenerationStarted'), { kind: 'quiz', step: 'GenerationStarted' });
    assert.equal(generationStepOf('SourceIndexed'), undefined);
  });

  const spec = deciderSpec(generationDecider('quiz'));
  const requested: DomainEvent = { type: 'QuizRequested', data: { ...request, requestedAt: t0 } };
  const started = (workerId: string, attempt: number, until: string): DomainEvent => ({
    type: 'QuizGenerationStarted',
    data: { id: 'q-1', workerId, attempt, leaseExpiresAt: until, startedAt: t0 },
  });

  test('a request is recorded with its parameters', () => spec.given([]).when({ type: 'RequestGeneration', request, now: t0 }).then([requested]));

  test('a worker claims a requested quiz', () =>
    spec
      .given([requested])
      .when({ type: 'StartGeneration', workerId: 'w1', leaseMs: 60_000, now: t0 })
      .then([started('w1', 1, t1)]));

  test('a live claim is not taken, an expired one is', () => {
    spec
      .given([requested, started('w1', 1, t1)])
      .when({ type: 'StartGeneration', workerId: 'w2', leaseMs: 60_000, now: t0 })
      .then([]);
    spec
      .given([requested, started('w1', 1, t1)])
      .when({ type: 'StartGeneration', workerId: 'w2', leaseMs: 60_000, now: t10 })
      .then([{ type: 'QuizGenerationStarted', data: { id: 'q-1', workerId: 'w2', attempt: 2, leaseExpiresAt: '2026-01-01T00:11:00.000Z', startedAt: t10 } }]);
  });

  test('the claim holder stores the result', () => {
    const content = { title: 'T', questions: [] };
    spec
      .given([requested, started('w1', 1, t1)])
      .when({ type: 'CompleteGeneration', workerId: 'w1', content, generator, now: t0 })
      .then([{ type: 'QuizGenerated', data: { id: 'q-1', content, generator, generatedAt: t0 } }]);
    spec
      .given([requested, started('w1', 1, t1)])
      .when({ type: 'CompleteGeneration', workerId: 'w2', content, generator, now: t0 })
      .thenThrows(ConflictError);
  });

  test('a request fails without a claim when its source failed', () =>
    spec
      .given([requested])
      .when({ type: 'FailGeneration', workerId: null, reason: 'the source failed to index', retryable: false, now: t0 })
      .then([{ type: 'QuizGenerationFailed', data: { id: 'q-1', reason: 'the source failed to index', retryable: false, attempt: 0, failedAt: t0 } }]));

  test('delete checks the owner', () => {
    spec.given([requested]).when({ type: 'DeleteGeneration', organizationId: 'org-2', now: t0 }).thenThrows(ForbiddenError);
    spec
      .given([])
      .when({ type: 'DeleteGeneration', organizationId: 'org-1', now: t0 })
      .thenThrows(NotFoundError, /quiz not found/);
    deciderSpec(generationDecider('flashcards'))
      .given([])
      .when({ type: 'DeleteGeneration', organizationId: 'org-1', now: t0 })
      .thenThrows(NotFoundError, /flashcard set not found/);
    spec
      .given([requested])
      .when({ type: 'DeleteGeneration', organizationId: 'org-1', now: t1 })
      .then([{ type: 'QuizDeleted', data: { id: 'q-1', deletedAt: t1 } }]);
  });
});
