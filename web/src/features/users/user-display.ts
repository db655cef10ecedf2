import type { User } from '@drinks/contracts';

export const NAME_DISPLAY_MAX = 14;

export function truncateName(name: string, max = NAME_DISPLAY_MAX): string {
  const chars = [...name];
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : name;
}

export const ROLE_OPTIONS: readonly { value: User['role']; label: string }[] = [
  { value: 'admin', label: 'Admin' },
  { value: 'user', label: 'User' },
  { value: 'barista', label: 'Barista' },
];

export function roleLabel(role: User['role']): string {
  return ROLE_OPTIONS.find((r) => r.value === role)?.label ?? role;
}

/** The current admin first, then the others by name. */
export function orderUsers(users: readonly User[], meId: string | undefined): { me: User | undefined; others: User[] } {
  const me = users.find((u) => u.id === meId);
  const others = users.filter((u) => u.id !== meId).sort((a, b) => a.name.localeCompare(b.name));
  return { me, others };
}
