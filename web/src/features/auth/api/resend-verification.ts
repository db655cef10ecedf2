import type { User } from '@drinks/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import type { Session } from '../../../lib/session.js';

export const resendVerification = () => api<void>('/auth/verify-email/resend', { method: 'POST' });

/**
 * Mails the link again, then asks who is signed in: the server sends nothing for an address confirmed
 * meanwhile (on another device), and answers the same 204, so only the fresh user tells the banner to go
 * rather than say 'Sent'. The mail is sent either way: a failed second question is no failure of the resend.
 */
export function useResendVerification(session: Pick<Session, 'recheckUser' | 'setUser'> | null) {
  return useMutation({
    mutationFn: async (): Promise<User | null> => {
      await resendVerification();
      return (await session?.recheckUser().catch(() => null)) ?? null;
    },
    onSuccess: (me) => {
      if (me) session?.setUser(me);
    },
  });
}
