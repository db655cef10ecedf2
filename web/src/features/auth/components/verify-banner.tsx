import { Alert, Button } from '@mui/material';
import { useOptionalSession } from '../../../lib/session.js';
import { useResendVerification } from '../api/resend-verification.js';

/** Why ordering is refused until the mailed link is opened, with a way to get another. */
export function VerifyBanner() {
  const user = useOptionalSession()?.user;
  const resend = useResendVerification();
  if (user?.emailVerified !== false) return null;
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
    </Alert>
  );
}
