import { mailboxKey, PersonName, tag, type NewEvent, type RegisterBody, type Role } from '@drinks/contracts';
import { ForbiddenError, NotFoundError, RuleViolation, ValidationError } from '../../errors.js';
import type { Actor } from '../actor.js';
import type { Decider } from '../decider.js';
import { evolve, initialState, type UserState, type UsersState } from './state.js';

/**
 * The tag of the registrations holding a mailbox key (mailboxOf): mailboxKey under the strict rules, where user+x@
 * is user@, so the uniqueness check reads every spelling of it; the lowercased address under the contract rules.
 */
export const emailTag = (mailbox: string) => `email:${mailbox}`;

/** The mailbox key a registration is checked and recorded under. */
export const mailboxOf = (command: Pick<RegisterUser, 'email' | 'mailbox'>) =>
  command.mailbox ?? mailboxKey(command.email.trim());

/** The caller decides the role (ADMIN_EMAILS) and has validated the email's domain. */
export interface RegisterUser extends Pick<RegisterBody, 'email' | 'name'> {
  type: 'RegisterUser';
  userId: string;
  role: Role;
  /** True for self-registration: the account waits for its mailbox to be proven. */
  verificationRequired?: boolean;
  /**
   * The key the address is unique under when not mailboxKey(email): the contract rules (a demo) take
   * `user+x@` as an address of its own, as API.md does; the strict rules take it as `user@`'s mailbox.
   */
  mailbox?: string;
}
/** The owner opened the mailed link; `promote` when the address is in ADMIN_EMAILS. */
export interface VerifyUserEmail {
  type: 'VerifyUserEmail';
  userId: string;
  promote: boolean;
  /**
   * The company's name for the mailbox's owner (company sign-in): an account whose mailbox was not yet proven
   * takes it, as it was named by whoever registered it (anyone may register boss+x@ as 'Boss').
   */
  ownerName?: string;
}
/** The credential store already holds the new hash; this records it for the audit trail. */
export interface ChangePassword {
  type: 'ChangePassword';
  userId: string;
  via: 'reset' | 'change';
}
/** By the operator (`make admin`) on the server itself: no actor to check. */
export interface GrantAdmin {
  type: 'GrantAdmin';
  userId: string;
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
export type UserCommand =
  RegisterUser | RenameUser | ChangeUserRole | ChangeUserAvailability | VerifyUserEmail | ChangePassword | GrantAdmin;

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

export function decideRegisterUser(command: RegisterUser, state: UsersState): NewEvent[] {
  const email = command.email.trim().toLowerCase();
  const mailbox = mailboxOf(command);
  if (state.emails[mailbox] !== undefined) throw new RuleViolation('EMAIL_TAKEN');
  if (state.users[command.userId]) throw new RuleViolation('INVALID_TRANSITION', 'User already exists.');
  const data = {
    userId: command.userId,
    email,
    name: validName(command.name),
    role: command.role,
    ...(command.verificationRequired ? { verificationRequired: true } : {}),
    ...(mailbox !== mailboxKey(email) ? { mailbox } : {}),
  };
  return [{ type: 'UserRegistered', data, tags: [tag.user(command.userId), emailTag(mailbox)] }];
}

export function decideRenameUser(command: RenameUser, state: UsersState): NewEvent[] {
  if (command.actor.id !== command.userId) requireAdmin(command.actor);
  const user = existingUser(state, command.userId);
  const name = validName(command.name);
  if (name === user.name) return [];
  return [{ type: 'UserRenamed', data: { userId: user.userId, name }, tags: [tag.user(user.userId)] }];
}

export function decideChangeUserRole(command: ChangeUserRole, state: UsersState): NewEvent[] {
  requireAdmin(command.actor, state);
  const user = existingUser(state, command.userId);
  if (user.role === command.role) return [];
  if (command.actor.id === user.userId) throw new RuleViolation('OWN_ROLE');
  return [
    { type: 'UserRoleChanged', data: { userId: user.userId, role: command.role }, tags: [tag.user(user.userId)] },
  ];
}

export function decideChangeUserAvailability(command: ChangeUserAvailability, state: UsersState): NewEvent[] {
  requireAdmin(command.actor, state);
  const user = existingUser(state, command.userId);
  if (user.isAvailable === command.isAvailable) return [];
  if (command.actor.id === user.userId) throw new RuleViolation('OWN_ACCOUNT');
  const data = { userId: user.userId, isAvailable: command.isAvailable };
  return [{ type: 'UserAvailabilityChanged', data, tags: [tag.user(user.userId)] }];
}

export function decideVerifyUserEmail(command: VerifyUserEmail, state: UsersState): NewEvent[] {
  const user = existingUser(state, command.userId);
  const tags = [tag.user(user.userId)];
  const events: NewEvent[] = [];
  if (!user.emailVerified) {
    events.push({ type: 'UserEmailVerified', data: { userId: user.userId }, tags });
    const name = command.ownerName === undefined ? user.name : validName(command.ownerName);
    if (name !== user.name) events.push({ type: 'UserRenamed', data: { userId: user.userId, name }, tags });
  }
  if (command.promote && user.role !== 'admin') {
    events.push({ type: 'UserRoleChanged', data: { userId: user.userId, role: 'admin' }, tags });
  }
  return events;
}

export function decideChangePassword(command: ChangePassword, state: UsersState): NewEvent[] {
  const user = existingUser(state, command.userId);
  if (!user.isAvailable) throw new ForbiddenError();
  const data = { userId: user.userId, via: command.via };
  return [{ type: 'PasswordChanged', data, tags: [tag.user(user.userId)] }];
}

/** The operator vouches for the mailbox too: an admin who cannot be verified would be stuck. */
export function decideGrantAdmin(command: GrantAdmin, state: UsersState): NewEvent[] {
  return decideVerifyUserEmail({ type: 'VerifyUserEmail', userId: command.userId, promote: true }, state);
}

export function decide(command: UserCommand, state: UsersState): NewEvent[] {
  switch (command.type) {
    case 'RegisterUser':
      return decideRegisterUser(command, state);
    case 'RenameUser':
      return decideRenameUser(command, state);
    case 'ChangeUserRole':
      return decideChangeUserRole(command, state);
    case 'ChangeUserAvailability':
      return decideChangeUserAvailability(command, state);
    case 'VerifyUserEmail':
      return decideVerifyUserEmail(command, state);
    case 'ChangePassword':
      return decideChangePassword(command, state);
    case 'GrantAdmin':
      return decideGrantAdmin(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown user command ${JSON.stringify(unknown)}`);
    }
  }
}

export const usersDecider: Decider<UserCommand, UsersState> = { initialState, evolve, decide };
