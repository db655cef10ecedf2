import { STAFF_ROLES, type Role } from '@drinks/contracts';

/** Who issues a command, as the route knows it from the access token. */
export interface Actor {
  id: string;
  role: Role;
}

export const isStaff = (actor: Actor): boolean => STAFF_ROLES.includes(actor.role);
