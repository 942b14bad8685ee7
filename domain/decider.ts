import type { DomainEvent } from './events.ts';

/** A pure model of one stream type: decide turns a command into events, evolve folds events into state. */
export type Decider<State, Command> = {
  initialState: () => State;
  decide: (command: Command, state: State) => DomainEvent[];
  evolve: (state: State, event: DomainEvent) => State;
};

export const fold = <State, Command>(decider: Decider<State, Command>, events: DomainEvent[]): State => events.reduce(decider.evolve, decider.initialState());
