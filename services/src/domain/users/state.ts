import { mailboxKey, type DomainEvent, type Role } from '@drinks/contracts';

export interface UserState {
  userId: string;
  email: string;
  name: string;
  role: Role;
  isAvailable: boolean;
  emailVerified: boolean;
}

/** Users by id and the mailboxes taken (mailboxKey → user id): whatever the query brought in. */
export interface UsersState {
  users: Readonly<Record<string, UserState>>;
  emails: Readonly<Record<string, string>>;
}

export const initialState: UsersState = { users: {}, emails: {} };

function update(state: UsersState, userId: string, patch: Partial<UserState>): UsersState {
  const current = state.users[userId];
  return current ? { ...state, users: { ...state.users, [userId]: { ...current, ...patch } } } : state;
}

export function evolve(state: UsersState, event: DomainEvent): UsersState {
  switch (event.type) {
    case 'UserRegistered': {
      const { userId, email, name, role, verificationRequired, mailbox } = event.data;
      const emailVerified = verificationRequired !== true;
      return {
        users: { ...state.users, [userId]: { userId, email, name, role, isAvailable: true, emailVerified } },
        emails: { ...state.emails, [mailbox ?? mailboxKey(email)]: userId },
      };
    }
    case 'UserRenamed':
      return update(state, event.data.userId, { name: event.data.name });
    case 'UserRoleChanged':
      return update(state, event.data.userId, { role: event.data.role });
    case 'UserAvailabilityChanged':
      return update(state, event.data.userId, { isAvailable: event.data.isAvailable });
    case 'UserEmailVerified':
      return update(state, event.data.userId, { emailVerified: true });
    default:
      return state;
  }
}
