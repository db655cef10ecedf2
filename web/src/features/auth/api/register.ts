import type { User } from '@drinks/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
}

export const register = (body: RegisterInput) => api<User>('/auth/register', { method: 'POST', body });

export function useRegister() {
  return useMutation({ mutationFn: register });
}
