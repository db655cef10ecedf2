import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

export const resetPassword = (body: { token: string; password: string }) =>
  api<void>('/auth/reset-password', { method: 'POST', body });

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
