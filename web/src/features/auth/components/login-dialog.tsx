import CloseIcon from '@mui/icons-material/Close';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAlert } from '../../../components/alert-provider.js';
import { ApiError } from '../../../lib/api-client.js';
import { paths } from '../../../lib/paths.js';
import { useSession } from '../../../lib/session.js';
import { domainAlert, onCompanyDomain } from '../email-rules.js';
import { EmailField } from './email-field.js';
import { ForgotPasswordDialog } from './forgot-password-dialog.js';
import { PasswordField } from './password-field.js';

/** Email and password sign-in; its own chunk, loaded when the person first taps Login. */
export default function LoginDialog({ open, onClose, domain }: { open: boolean; onClose: () => void; domain: string }) {
  const { login } = useSession();
  const alert = useAlert();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<LoginFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);

  const close = () => {
    onClose();
    setEmail('');
    setPassword('');
    setError(null);
  };

  const submit = async () => {
    if (!onCompanyDomain(email, domain)) {
      await alert(domainAlert(domain));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      // The session's user is set; the login page's redirect takes over.
      await login(email, password);
    } catch (err) {
      console.warn('login failed', err);
      setError(loginFailure(err));
    }
    setBusy(false);
  };

  return (
    <>
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="login-title">
        <DialogTitle id="login-title" sx={{ pr: 6 }}>
          Login with Woxa Email
        </DialogTitle>
        <IconButton aria-label="Close" onClick={close} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
        <DialogContent>
          <Stack
            component="form"
            spacing={2}
            sx={{ pt: 1 }}
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <EmailField value={email} onChange={setEmail} domain={domain} autoFocus />
            <PasswordField value={password} onChange={setPassword} autoComplete="current-password" />
            {busy ? (
              <Box sx={{ display: 'flex', justifyContent: 'center', py: 0.5 }}>
                <CircularProgress size={32} aria-label="Signing in" />
              </Box>
            ) : (
              <Button type="submit" variant="contained" size="large">
                Login
              </Button>
            )}
            <Box role="alert" sx={{ minHeight: 24, color: 'error.main' }}>
              {error && <Typography>{error.message}</Typography>}
              {error?.hint && <Typography variant="body2">{error.hint}</Typography>}
            </Box>
            <Link component="button" type="button" variant="body2" onClick={() => setForgotOpen(true)}>
              Forgot password?
            </Link>
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
              If forget password contact{' '}
              <Link component={RouterLink} to={paths.teamCredit} onClick={close}>
                the Woxa team
              </Link>
            </Typography>
          </Stack>
        </DialogContent>
      </Dialog>
      <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} domain={domain} />
    </>
  );
}

interface LoginFailure {
  message: string;
  hint?: string;
}

/**
 * The spec's words for any refused sign-in. After too many tries even the right password is refused for a
 * while: a second line says so, or 'incorrect' alone sent people to reset a good password.
 */
function loginFailure(err: unknown): LoginFailure {
  const message = 'Email or Password incorrect.';
  if (!(err instanceof ApiError) || err.status !== 429) return { message };
  const minutes = Math.max(1, Math.ceil((err.retryAfterSeconds ?? 60) / 60));
  return { message, hint: `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.` };
}
