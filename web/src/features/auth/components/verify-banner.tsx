import { Alert, Box, Button } from '@mui/material';
import { useConfig } from '../../../lib/config.js';
import { useOptionalSession } from '../../../lib/session.js';
import { useResendVerification } from '../api/resend-verification.js';
import { resendFailure } from '../register-rules.js';

/** Why ordering is refused until the mailed link is opened, with a way to get another. */
export function VerifyBanner() {
  const user = useOptionalSession()?.user;
  const resend = useResendVerification();
  // Under the contract's rules (a demo) an unproven mailbox orders anyway: nothing to wait for.
  const { verifiedEmailToOrder = true } = useConfig();
  if (user?.emailVerified !== false || !verifiedEmailToOrder) return null;
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
