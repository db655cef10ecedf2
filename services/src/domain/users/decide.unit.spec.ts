import type { DomainEvent, NewEvent } from '@drinks/contracts';
import { describe, it } from 'vitest';
import type { Actor } from '../actor.js';
import { spec } from '../testing.js';
import { usersDecider } from './decide.js';

const admin: Actor = { id: 'u-admin', role: 'admin' };
const alice: Actor = { id: 'u-alice', role: 'user' };
const barista: Actor = { id: 'u-bar', role: 'barista' };
const given = (...events: DomainEvent[]) => spec(usersDecider).given([adminRegistered, aliceRegistered, ...events]);

describe('users', () => {
  describe('RegisterUser', () => {
    it('registers with the email lowercased, tagged user and email', () => {
      spec(usersDecider)
        .given([])
        .when({
          type: 'RegisterUser',
          userId: 'u-1',
          email: 'Bob@Corp.test',
          name: 'Bob',
          role: 'user',
          verificationRequired: false,
        })
        .then([
          {
            type: 'UserRegistered',
            data: { userId: 'u-1', email: 'bob@corp.test', name: 'Bob', role: 'user' },
            tags: ['user:u-1', 'email:bob@corp.test'],
          },
        ]);
    });

    it('refuses a taken email whatever its case', () => {
      given()
        .when({ type: 'RegisterUser', userId: 'u-2', email: 'ALICE@corp.test', ...newcomer })
        .thenThrows({ status: 409, code: 'EMAIL_TAKEN' });
    });

    it('refuses a plus-addressed spelling of a taken mailbox', () => {
      given()
        .when({ type: 'RegisterUser', userId: 'u-2', email: 'Alice+coffee@corp.test', ...newcomer })
        .thenThrows({ status: 409, code: 'EMAIL_TAKEN' });
    });

    it('under the contract rules (the address as its own mailbox) registers a plus-addressed one beside it', () => {
      const address = 'alice+coffee@corp.test';
      const registered = {
        type: 'UserRegistered' as const,
        data: {
          userId: 'u-2',
          email: address,
          name: 'New',
          role: 'user' as const,
          verificationRequired: true,
          mailbox: address,
        },
      };
      given()
        .when({ type: 'RegisterUser', userId: 'u-2', email: 'Alice+coffee@corp.test', mailbox: address, ...newcomer })
        .then([{ ...registered, tags: ['user:u-2', `email:${address}`] }]);
      // ...and that address is then taken, under its own key.
      given(registered)
        .when({ type: 'RegisterUser', userId: 'u-3', email: address, mailbox: address, ...newcomer })
        .thenThrows({ status: 409, code: 'EMAIL_TAKEN' });
    });

    it('keeps the address as typed and tags the mailbox when verification is required', () => {
      spec(usersDecider)
        .given([])
        .when({ type: 'RegisterUser', userId: 'u-1', email: 'bob+x@corp.test', ...newcomer })
        .then([
          {
            type: 'UserRegistered',
            data: { userId: 'u-1', email: 'bob+x@corp.test', name: 'New', role: 'user', verificationRequired: true },
            tags: ['user:u-1', 'email:bob@corp.test'],
          },
        ]);
    });
  });

  describe('VerifyUserEmail', () => {
    it('verifies a waiting account', () => {
      given(bobRegistered)
        .when({ type: 'VerifyUserEmail', userId: 'u-bob', promote: false })
        .then([{ type: 'UserEmailVerified', data: { userId: 'u-bob' }, tags: ['user:u-bob'] }]);
    });

    it('makes an ADMIN_EMAILS address admin only with its verification', () => {
      given(bobRegistered)
        .when({ type: 'VerifyUserEmail', userId: 'u-bob', promote: true })
        .then([
          { type: 'UserEmailVerified', data: { userId: 'u-bob' }, tags: ['user:u-bob'] },
          { type: 'UserRoleChanged', data: { userId: 'u-bob', role: 'admin' }, tags: ['user:u-bob'] },
        ]);
    });

    it("names a claimed account as the company names the mailbox's owner, not as whoever registered it", () => {
      given(bobRegistered)
        .when({ type: 'VerifyUserEmail', userId: 'u-bob', promote: false, ownerName: 'Bob Owner' })
        .then([
          { type: 'UserEmailVerified', data: { userId: 'u-bob' }, tags: ['user:u-bob'] },
          { type: 'UserRenamed', data: { userId: 'u-bob', name: 'Bob Owner' }, tags: ['user:u-bob'] },
        ]);
    });

    it('keeps the name of an account whose mailbox was already proven: its owner chose it', () => {
      given(bobRegistered, { type: 'UserEmailVerified', data: { userId: 'u-bob' } })
        .when({ type: 'VerifyUserEmail', userId: 'u-bob', promote: false, ownerName: 'Bob Owner' })
        .thenNothing();
    });

    it('emits nothing for an account registered before verification existed (it counts as verified)', () => {
      given().when({ type: 'VerifyUserEmail', userId: alice.id, promote: false }).thenNothing();
    });

    it('emits nothing once verified, 404 for an unknown user', () => {
      given(bobRegistered, { type: 'UserEmailVerified', data: { userId: 'u-bob' } })
        .when({ type: 'VerifyUserEmail', userId: 'u-bob', promote: false })
        .thenNothing();
      given().when({ type: 'VerifyUserEmail', userId: 'u-ghost', promote: false }).thenThrows({ status: 404 });
    });
  });

  describe('ChangePassword', () => {
    it('records a reset or a change', () => {
      given()
        .when({ type: 'ChangePassword', userId: alice.id, via: 'reset' })
        .then([{ type: 'PasswordChanged', data: { userId: alice.id, via: 'reset' }, tags: ['user:u-alice'] }]);
    });

    it('refuses a disabled account', () => {
      given({ type: 'UserAvailabilityChanged', data: { userId: alice.id, isAvailable: false } })
        .when({ type: 'ChangePassword', userId: alice.id, via: 'change' })
        .thenThrows({ status: 403 });
    });
  });

  describe('GrantAdmin', () => {
    it('makes a waiting account a verified admin', () => {
      given(bobRegistered)
        .when({ type: 'GrantAdmin', userId: 'u-bob' })
        .then([
          { type: 'UserEmailVerified', data: { userId: 'u-bob' }, tags: ['user:u-bob'] },
          { type: 'UserRoleChanged', data: { userId: 'u-bob', role: 'admin' }, tags: ['user:u-bob'] },
        ]);
    });

    it('emits nothing for an admin already', () => {
      given().when({ type: 'GrantAdmin', userId: admin.id }).thenNothing();
    });
  });

  describe('RenameUser', () => {
    it('lets users rename themselves and admins rename anyone', () => {
      const renamed: NewEvent[] = [
        { type: 'UserRenamed', data: { userId: alice.id, name: 'Ally' }, tags: ['user:u-alice'] },
      ];
      given().when({ type: 'RenameUser', actor: alice, userId: alice.id, name: 'Ally' }).then(renamed);
      given().when({ type: 'RenameUser', actor: admin, userId: alice.id, name: 'Ally' }).then(renamed);
    });

    it('forbids renaming someone else, refuses a blank name, 404 for an unknown user', () => {
      given().when({ type: 'RenameUser', actor: barista, userId: alice.id, name: 'X' }).thenThrows({ status: 403 });
      given()
        .when({ type: 'RenameUser', actor: alice, userId: alice.id, name: '   ' })
        .thenThrows({ status: 400, paths: ['name'] });
      given().when({ type: 'RenameUser', actor: admin, userId: 'u-ghost', name: 'X' }).thenThrows({ status: 404 });
    });
  });

  describe('ChangeUserRole', () => {
    it('lets an admin change another user', () => {
      given()
        .when({ type: 'ChangeUserRole', actor: admin, userId: alice.id, role: 'barista' })
        .then([{ type: 'UserRoleChanged', data: { userId: alice.id, role: 'barista' }, tags: ['user:u-alice'] }]);
    });

    it('refuses an admin its own role with OWN_ROLE', () => {
      given()
        .when({ type: 'ChangeUserRole', actor: admin, userId: admin.id, role: 'user' })
        .thenThrows({ status: 409, code: 'OWN_ROLE' });
    });

    it('forbids non-admins and emits nothing for the same role', () => {
      given()
        .when({ type: 'ChangeUserRole', actor: barista, userId: alice.id, role: 'admin' })
        .thenThrows({ status: 403 });
      given().when({ type: 'ChangeUserRole', actor: admin, userId: alice.id, role: 'user' }).thenNothing();
    });
  });

  describe('ChangeUserAvailability', () => {
    it('refuses an admin disabling itself with OWN_ACCOUNT', () => {
      given()
        .when({ type: 'ChangeUserAvailability', actor: admin, userId: admin.id, isAvailable: false })
        .thenThrows({ status: 409, code: 'OWN_ACCOUNT' });
    });

    it('forbids an admin demoted meanwhile (two admins removing each other: one must remain)', () => {
      const demoted: DomainEvent = { type: 'UserRoleChanged', data: { userId: admin.id, role: 'user' } };
      given(demoted)
        .when({ type: 'ChangeUserAvailability', actor: admin, userId: alice.id, isAvailable: false })
        .thenThrows({ status: 403 });
      given(demoted)
        .when({ type: 'ChangeUserRole', actor: admin, userId: alice.id, role: 'barista' })
        .thenThrows({ status: 403 });
    });

    it('lets an admin disable a user, and nobody else', () => {
      given()
        .when({ type: 'ChangeUserAvailability', actor: admin, userId: alice.id, isAvailable: false })
        .then([
          { type: 'UserAvailabilityChanged', data: { userId: alice.id, isAvailable: false }, tags: ['user:u-alice'] },
        ]);
      given()
        .when({ type: 'ChangeUserAvailability', actor: alice, userId: alice.id, isAvailable: false })
        .thenThrows({ status: 403 });
    });
  });
});

// Fixtures

const newcomer = { name: 'New', role: 'user', verificationRequired: true } as const;
const bobRegistered: DomainEvent = {
  type: 'UserRegistered',
  data: { userId: 'u-bob', email: 'bob@corp.test', name: 'Bob', role: 'user', verificationRequired: true },
};

const adminRegistered: DomainEvent = {
  type: 'UserRegistered',
  data: { userId: 'u-admin', email: 'boss@corp.test', name: 'Boss', role: 'admin' },
};
const aliceRegistered: DomainEvent = {
  type: 'UserRegistered',
  data: { userId: 'u-alice', email: 'alice@corp.test', name: 'Alice', role: 'user' },
};
