import type { User } from '@drinks/contracts';
import { useMutation } from '@tanstack/react-query';
import { useKeyedSender } from '../../../lib/keyed-command.js';

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
}

/** Create tapped again after a lost answer is the same registration (its Idempotency-Key), not a 409. */
export function useRegister() {
  const send = useKeyedSender<User>('/auth/register');
  return useMutation({ mutationFn: (body: RegisterInput) => send(body) });
}
