import { Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useOptionalSession } from '../../lib/session.js';
import { useVerifyEmail } from './api/verify-email.js';
import { AuthCard } from './components/auth-card.js';
import { linkFailure, needsSignIn } from './register-rules.js';
import { paths } from '../../lib/paths.js';

/** Where the mailed link lands: opens it once and says what happened. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useOptionalSession();
  const verify = useVerifyEmail();
  const sent = useRef(false);
  const token = params.get('token') ?? '';

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    verify.mutate(token, {
      onSuccess: (u) => {
        if (session?.user?.id === u.id) session.setUser(u);
      },
    });
  }, [token, verify, session]);

  // Signed out at an admin address's link: the login page brings the person back here once signed in.
  const signInFirst = verify.isError && needsSignIn(verify.error) && !session?.user;

  return (
    <AuthCard title="Confirm your email">
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
        {verify.isPending || verify.isIdle ? <CircularProgress aria-label="Confirming" /> : null}
        {verify.isSuccess && <Typography role="status">Your email is confirmed. You can order now.</Typography>}
        {verify.isError && (
          <Typography role="alert" color="error">
            {session?.user?.emailVerified && !needsSignIn(verify.error)
              ? 'Your email is already confirmed. You can order.'
              : linkFailure(verify.error)}
          </Typography>
        )}
        {signInFirst ? (
          <Button variant="contained" onClick={() => void navigate(paths.login, { state: { from: location } })}>
            Login
          </Button>
        ) : (
          <Button variant="contained" onClick={() => void navigate(session?.user ? paths.landing : paths.login)}>
            {session?.user ? 'Continue' : 'Go to Login'}
          </Button>
        )}
      </Stack>
    </AuthCard>
  );
}
