import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

export const forgotPassword = (email: string) =>
  api<{ detail: string }>('/auth/forgot-password', { method: 'POST', body: { email } });

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
