import type { User } from '@drinks/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

export const verifyEmail = (token: string) => api<User>('/auth/verify-email', { method: 'POST', body: { token } });

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
