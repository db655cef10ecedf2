import { Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useOptionalSession } from '../../lib/session.js';
import { useVerifyEmail } from './api/verify-email.js';
import { AuthCard } from './components/auth-card.js';
import { linkFailure } from './register-rules.js';
import { paths } from '../../lib/paths.js';

/** Where the mailed link lands: opens it once and says what happened. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
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

  return (
    <AuthCard title="Confirm your email">
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
        {verify.isPending || verify.isIdle ? <CircularProgress aria-label="Confirming" /> : null}
        {verify.isSuccess && <Typography role="status">Your email is confirmed. You can order now.</Typography>}
        {verify.isError && (
          <Typography role="alert" color="error">
            {session?.user?.emailVerified
              ? 'Your email is already confirmed. You can order.'
              : linkFailure(verify.error)}
          </Typography>
        )}
        <Button variant="contained" onClick={() => void navigate(session?.user ? paths.landing : paths.login)}>
          {session?.user ? 'Continue' : 'Go to Login'}
        </Button>
      </Stack>
    </AuthCard>
  );
}
