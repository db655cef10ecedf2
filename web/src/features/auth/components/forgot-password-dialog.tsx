import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useForgotPassword } from '../api/forgot-password.js';
import { domainAlert, onCompanyDomain } from '../email-rules.js';
import { failureWords } from '../register-rules.js';
import { EmailField } from './email-field.js';

/** Asks for the address and always answers the same: whether it has an account is nobody's business. */
export function ForgotPasswordDialog({
  open,
  onClose,
  domain,
}: {
  open: boolean;
  onClose: () => void;
  domain: string;
}) {
  const [email, setEmail] = useState('');
  // The login form's rule: a mistyped domain would wait for a mail that never comes.
  const [wrongDomain, setWrongDomain] = useState(false);
  const forgot = useForgotPassword();
  const close = () => {
    setEmail('');
    setWrongDomain(false);
    forgot.reset();
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="forgot-title">
      <DialogTitle id="forgot-title">Forgot password?</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id="forgot-form"
          spacing={2}
          sx={{ pt: 1 }}
          onSubmit={(e) => {
            e.preventDefault();
            const outside = !onCompanyDomain(email, domain);
            setWrongDomain(outside);
            if (!outside) forgot.mutate(email);
          }}
        >
          {forgot.isSuccess ? (
            <Typography role="status">{forgot.data.detail}</Typography>
          ) : (
            <EmailField
              value={email}
              onChange={(value) => {
                setEmail(value);
                setWrongDomain(false);
              }}
              domain={domain}
              autoFocus
            />
          )}
          {wrongDomain && (
            <Typography role="alert" color="error">
              {domainAlert(domain)}
            </Typography>
          )}
          {forgot.isError && (
            <Typography role="alert" color="error">
              {failureWords(forgot.error)}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Close</Button>
        {!forgot.isSuccess && (
          <Button type="submit" form="forgot-form" variant="contained" disabled={forgot.isPending}>
            Send link
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
