import { STAFF_ROLES, type Role } from '@drinks/contracts';
import { ForbiddenError } from '../errors.js';

/** Who issues a command, as the route knows it from the access token. */
export interface Actor {
  id: string;
  role: Role;
}

export const isStaff = (actor: Actor): boolean => STAFF_ROLES.includes(actor.role);

/** Refuses a staff member the log says is no longer staff: demoted or disabled since the request was let in. */
export const noLongerStaff = (): ForbiddenError =>
  new ForbiddenError('Your role or your account has changed: you can no longer do this.');
