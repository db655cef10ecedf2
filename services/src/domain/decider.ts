import type { DomainEvent, NewEvent, StoredEvent } from '@drinks/contracts';

/**
 * Three pure functions, no I/O. `decide` returns the new events or throws an
 * AppError subclass (RuleViolation, ValidationError, ForbiddenError, NotFoundError).
 * Clock and ids arrive inside the command.
 */
export interface Decider<Command, State> {
  initialState: State;
  evolve(state: State, event: StoredEvent | DomainEvent): State;
  decide(command: Command, state: State): NewEvent[];
}
