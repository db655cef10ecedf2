import type { User } from '@drinks/contracts';
import { describe, expect, it } from 'vitest';
import { orderUsers, roleLabel, truncateName } from './user-display.js';

describe('user list display', () => {
  it('truncates names longer than 14 characters', () => {
    expect(truncateName('Short name')).toBe('Short name');
    expect(truncateName('Exactly14Chars')).toBe('Exactly14Chars');
    expect(truncateName('Alexander Hamilton')).toBe('Alexander Hami...');
  });

  it('puts the current admin first and excludes it from the others', () => {
    const users: User[] = [user('2', 'Zed'), user('1', 'Me'), user('3', 'Amy')];
    const { me, others } = orderUsers(users, '1');
    expect(me?.name).toBe('Me');
    expect(others.map((u) => u.name)).toEqual(['Amy', 'Zed']);
  });

  it('labels roles as the dropdown does', () => {
    expect(roleLabel('barista')).toBe('Barista');
    expect(roleLabel('admin')).toBe('Admin');
  });
});

function user(id: string, name: string): User {
  return { id, name, email: `${id}@woxa.tech`, role: 'user', isAvailable: true, emailVerified: true };
}
