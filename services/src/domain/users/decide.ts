import { PersonName, tag, type NewEvent, type Role } from '@drinks/contracts';
import { ForbiddenError, NotFoundError, RuleViolation, ValidationError } from '../../errors.js';
import type { Actor } from '../actor.js';
import type { Decider } from '../decider.js';
import { evolve, initialState, type UserState, type UsersState } from './state.js';

export const emailTag = (email: string) => `email:${email.toLowerCase()}`;

/** The caller decides the role (ADMIN_EMAILS) and has validated the email's domain. */
export interface RegisterUser {
  type: 'RegisterUser';
  userId: string;
  email: string;
  name: string;
  role: Role;
}
/** Self-service, or by an admin. */
export interface RenameUser {
  type: 'RenameUser';
  actor: Actor;
  userId: string;
  name: string;
}
export interface ChangeUserRole {
  type: 'ChangeUserRole';
  actor: Actor;
  userId: string;
  role: Role;
}
export interface ChangeUserAvailability {
  type: 'ChangeUserAvailability';
  actor: Actor;
  userId: string;
  isAvailable: boolean;
}
export type UserCommand = RegisterUser | RenameUser | ChangeUserRole | ChangeUserAvailability;

function validName(name: string): string {
  const parsed = PersonName.safeParse(name);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((i) => ({ path: 'name', message: i.message }));
  throw new ValidationError(errors[0]?.message ?? 'Invalid name', errors);
}

function existingUser(state: UsersState, userId: string): UserState {
  const user = state.users[userId];
  if (!user) throw new NotFoundError('User not found.');
  return user;
}

/**
 * The actor's own events are part of the decision (commands.ts queries them), so two admins removing
 * each other at once cannot both succeed: the second sees the first's change and is refused here.
 */
function requireAdmin(actor: Actor, state?: UsersState): void {
  if (actor.role !== 'admin') throw new ForbiddenError();
  const current = state?.users[actor.id];
  if (current && (current.role !== 'admin' || !current.isAvailable)) throw new ForbiddenError();
}

export function registerUser(command: RegisterUser, state: UsersState): NewEvent[] {
  const email = command.email.trim().toLowerCase();
  if (state.emails[email] !== undefined) throw new RuleViolation('EMAIL_TAKEN');
  if (state.users[command.userId]) throw new RuleViolation('INVALID_TRANSITION', 'User already exists.');
  const data = { userId: command.userId, email, name: validName(command.name), role: command.role };
  return [{ type: 'UserRegistered', data, tags: [tag.user(command.userId), emailTag(email)] }];
}

export function renameUser(command: RenameUser, state: UsersState): NewEvent[] {
  if (command.actor.id !== command.userId) requireAdmin(command.actor);
  const user = existingUser(state, command.userId);
  const name = validName(command.name);
  if (name === user.name) return [];
  return [{ type: 'UserRenamed', data: { userId: user.userId, name }, tags: [tag.user(user.userId)] }];
}

export function changeUserRole(command: ChangeUserRole, state: UsersState): NewEvent[] {
  requireAdmin(command.actor, state);
  const user = existingUser(state, command.userId);
  if (user.role === command.role) return [];
  if (command.actor.id === user.userId) throw new RuleViolation('OWN_ROLE');
  return [
    { type: 'UserRoleChanged', data: { userId: user.userId, role: command.role }, tags: [tag.user(user.userId)] },
  ];
}

export function changeUserAvailability(command: ChangeUserAvailability, state: UsersState): NewEvent[] {
  requireAdmin(command.actor, state);
  const user = existingUser(state, command.userId);
  if (user.isAvailable === command.isAvailable) return [];
  if (command.actor.id === user.userId) throw new RuleViolation('OWN_ACCOUNT');
  const data = { userId: user.userId, isAvailable: command.isAvailable };
  return [{ type: 'UserAvailabilityChanged', data, tags: [tag.user(user.userId)] }];
}

export function decide(command: UserCommand, state: UsersState): NewEvent[] {
  switch (command.type) {
    case 'RegisterUser':
      return registerUser(command, state);
    case 'RenameUser':
      return renameUser(command, state);
    case 'ChangeUserRole':
      return changeUserRole(command, state);
    case 'ChangeUserAvailability':
      return changeUserAvailability(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown user command ${JSON.stringify(unknown)}`);
    }
  }
}

export const usersDecider: Decider<UserCommand, UsersState> = { initialState, evolve, decide };
