import { Alert, Box, Button } from '@mui/material';
import { useEffect } from 'react';
import { useConfig } from '../../../lib/config.js';
import { type Session, useOptionalSession } from '../../../lib/session.js';
import { useResendVerification } from '../api/resend-verification.js';
import { resendFailure } from '../register-rules.js';

/** Why ordering is refused until the mailed link is opened, with a way to get another. */
export function VerifyBanner() {
  const session = useOptionalSession();
  const user = session?.user;
  const resend = useResendVerification(session);
  // Under the contract's rules (a demo) an unproven mailbox orders anyway: nothing to wait for.
  const { verifiedEmailToOrder = true } = useConfig();
  const shown = user?.emailVerified === false && verifiedEmailToOrder;
  useRecheckOnReturn(shown ? session : null);
  if (!shown) return null;
  return (
    <Alert
      severity="warning"
      role="status"
      action={
        <Button
          color="inherit"
          size="small"
          disabled={resend.isPending || resend.isSuccess}
          onClick={() => resend.mutate()}
        >
          {resend.isSuccess ? 'Sent' : 'Resend link'}
        </Button>
      }
    >
      Confirm your email to order: open the link we mailed to {user.email}.
      {/* Always there, so the words are announced when they arrive; a failed tap left the button as it was. */}
      <Box component="span" role="alert" sx={{ display: 'block', fontWeight: 600, mt: resend.isError ? 0.5 : 0 }}>
        {resend.isError ? resendFailure(resend.error) : ''}
      </Box>
    </Alert>
  );
}

/**
 * While the banner shows, asks who is signed in whenever the app comes back into view: the link is mostly
 * opened in the mail app, or on another device, and the banner stayed until a reload.
 */
function useRecheckOnReturn(session: Pick<Session, 'recheckUser' | 'setUser'> | null): void {
  const recheckUser = session?.recheckUser;
  const setUser = session?.setUser;
  useEffect(() => {
    if (!recheckUser || !setUser) return;
    let asking = false;
    let gone = false;
    const recheck = () => {
      if (asking || document.visibilityState !== 'visible') return;
      asking = true;
      recheckUser()
        .then((me) => !gone && setUser(me))
        .catch((err: unknown) => console.warn('could not ask who is signed in', err))
        .finally(() => (asking = false));
    };
    window.addEventListener('focus', recheck);
    document.addEventListener('visibilitychange', recheck);
    return () => {
      gone = true;
      window.removeEventListener('focus', recheck);
      document.removeEventListener('visibilitychange', recheck);
    };
  }, [recheckUser, setUser]);
}
