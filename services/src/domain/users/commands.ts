import type { AdminUserPatch, DomainEvent, EventMetadata, StoredEvent } from '@drinks/contracts';
import type { AppendResult, EventStore } from '../../store/types.js';
import type { Actor } from '../actor.js';
import { batch } from '../batch.js';
import { handleCommand } from '../handle-command.js';
import { emailEvents, userEvents, withActor } from '../queries.js';
import {
  emailTag,
  mailboxOf,
  usersDecider,
  type ChangePassword,
  type GrantAdmin,
  type RegisterUser,
  type RenameUser,
  type UserCommand,
  type VerifyUserEmail,
} from './decide.js';
import type { UserState } from './state.js';

type Registered = StoredEvent<Extract<DomainEvent, { type: 'UserRegistered' }>>;

/** The caller has checked the email's domain and chosen the role (ADMIN_EMAILS). */
export async function registerUser(
  store: EventStore,
  input: Omit<RegisterUser, 'type'>,
  metadata?: EventMetadata,
): Promise<AppendResult & { userId: string }> {
  const result = await handleCommand(store, {
    query: [emailEvents(emailTag(mailboxOf(input))), userEvents(input.userId)],
    decider: usersDecider,
    command: { type: 'RegisterUser', ...input },
    metadata: withActor(input.userId, metadata),
  });
  const registered = result.events.find((e): e is Registered => e.type === 'UserRegistered');
  return { ...result, userId: registered?.data.userId ?? input.userId };
}

/** Self-service rename (PATCH /user) unless an `actor` other than the user is named. */
export function renameUser(
  store: EventStore,
  input: Omit<RenameUser, 'type' | 'actor'> & Partial<Pick<RenameUser, 'actor'>>,
  metadata?: EventMetadata,
): Promise<AppendResult> {
  const actor: Actor = input.actor ?? { id: input.userId, role: 'user' };
  return handleCommand(store, {
    query: [userEvents(input.userId)],
    decider: usersDecider,
    command: { type: 'RenameUser', actor, userId: input.userId, name: input.name },
    metadata: withActor(actor.id, metadata),
  });
}

/** PATCH /user/{id} by an admin: name, role and availability in one append. */
export function changeUser(
  store: EventStore,
  input: { actor: Actor; userId: string; patch: AdminUserPatch },
  metadata?: EventMetadata,
): Promise<AppendResult> {
  const { actor, userId, patch } = input;
  const commands: UserCommand[] = [];
  if (patch.name !== undefined) commands.push({ type: 'RenameUser', actor, userId, name: patch.name });
  if (patch.role !== undefined) commands.push({ type: 'ChangeUserRole', actor, userId, role: patch.role });
  if (patch.isAvailable !== undefined) {
    commands.push({ type: 'ChangeUserAvailability', actor, userId, isAvailable: patch.isAvailable });
  }
  return handleCommand(store, {
    // The actor's own events too: an admin demoted or disabled meanwhile decides nothing.
    query: actor.id === userId ? [userEvents(userId)] : [userEvents(userId), userEvents(actor.id)],
    decider: batch(usersDecider),
    command: commands,
    metadata: withActor(actor.id, metadata),
  });
}

/** One user's own change that needs no actor check: a proven mailbox, a new password, the operator's grant. */
export function handleOwnUserCommand(
  store: EventStore,
  command: VerifyUserEmail | ChangePassword | GrantAdmin,
  metadata?: EventMetadata,
): Promise<AppendResult> {
  return handleCommand(store, {
    query: [userEvents(command.userId)],
    decider: usersDecider,
    command,
    metadata: withActor(command.userId, metadata),
  });
}

/**
 * The user as the log has it, whatever the read models hold yet: for the checks that must not trust a lagging
 * projection (may this account sign in, or rotate its refresh token).
 */
export async function userInLog(store: Pick<EventStore, 'read'>, userId: string): Promise<UserState | null> {
  const { events } = await store.read([userEvents(userId)]);
  return events.reduce(usersDecider.evolve, usersDecider.initialState).users[userId] ?? null;
}
