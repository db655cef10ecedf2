import { STAFF_ROLES, type Role } from '@drinks/contracts';
import { ForbiddenError } from '../errors.js';
import type { UsersState } from './users/state.js';

/** Who issues a command, as the route knows it from the access token. */
export interface Actor {
  id: string;
  role: Role;
}

export const isStaff = (actor: Actor): boolean => STAFF_ROLES.includes(actor.role);

/**
 * Whether the log still has a staff member as enabled staff, where the decision read the actor's own events
 * (one the events do not name is as the request said). The request was let in on the users read model's word,
 * which lags the log while a projector is behind or down: one demoted or disabled meanwhile decides nothing.
 */
export function staffInLog(users: UsersState, actorId: string): boolean {
  const logged = users.users[actorId];
  return !logged || (logged.isAvailable && STAFF_ROLES.includes(logged.role));
}

/** Refuses a staff member the log says is no longer staff: demoted or disabled since the request was let in. */
export const noLongerStaff = (): ForbiddenError =>
  new ForbiddenError('Your role or your account has changed: you can no longer do this.');
