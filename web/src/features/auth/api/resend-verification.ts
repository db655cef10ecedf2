import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

export const resendVerification = () => api<void>('/auth/verify-email/resend', { method: 'POST' });

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
