import type { NewEvent } from '@drinks/contracts';
import type { Decider } from './decider.js';

/** Several commands decided in turn on one state, their events appended together. */
export function batch<C, S>(decider: Decider<C, S>): Decider<readonly C[], S> {
  return {
    initialState: decider.initialState,
    evolve: decider.evolve,
    decide(commands, state) {
      const all: NewEvent[] = [];
      let current = state;
      for (const command of commands) {
        const events = decider.decide(command, current);
        current = events.reduce(decider.evolve, current);
        all.push(...events);
      }
      return all;
    },
  };
}
