import assert from 'node:assert/strict';
import { fold, type Decider } from '../../domain/decider.ts';
import type { DomainEvent } from '../../domain/events.ts';

/** given events / when command / then events (or then throws), in the style of Emmett's DeciderSpecification. */
export const deciderSpec = <State, Command>(decider: Decider<State, Command>) => ({
  given: (events: DomainEvent[]) => ({
    when: (command: Command) => ({
      then: (expected: DomainEvent[]) => assert.deepEqual(decider.decide(command, fold(decider, events)), expected),
      thenThrows: (errorClass: new (...args: never[]) => Error, message?: RegExp) =>
        assert.throws(
          () => decider.decide(command, fold(decider, events)),
          (error: unknown) => {
            assert.ok(error instanceof errorClass, `expected ${errorClass.name}, got ${String(error)}`);
            if (message) assert.match(error.message, message);
            return true;
          },
        ),
    }),
  }),
});
