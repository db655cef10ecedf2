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
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useAlert } from '../../components/alert-provider.js';
import { Logo } from '../../components/logo.js';
import { landingPath } from '../../lib/access.js';
import { useConfig } from '../../lib/config.js';
import { useSession } from '../../lib/session.js';
import { EmailField } from './components/email-field.js';
import { ForgotPasswordDialog } from './components/forgot-password-dialog.js';
import { PasswordField } from './components/password-field.js';
import { domainAlert, onCompanyDomain } from './email-rules.js';

function rememberedPath(state: unknown): string | null {
  const from = (state as { from?: { pathname?: string; search?: string } } | null)?.from;
  if (!from?.pathname || from.pathname === '/' || from.pathname === '/login') return null;
  return `${from.pathname}${from.search ?? ''}`;
}

export function LoginPage() {
  const { user, shop, login } = useSession();
  const { companyEmailDomain: domain } = useConfig();
  const alert = useAlert();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);

  if (user && !busy)
    return (
      <Navigate to={rememberedPath(location.state) ?? landingPath(user.role, shop, { afterLogin: true })} replace />
    );

  const close = () => {
    setOpen(false);
    setEmail('');
    setPassword('');
    setError('');
    setShowPassword(false);
  };

  const submit = async () => {
    if (!onCompanyDomain(email, domain)) {
      await alert(domainAlert(domain));
      return;
    }
    setBusy(true);
    setError('');
    try {
      await login(email, password);
      // The session's user is set; the redirect above takes over on the next render.
      setBusy(false);
    } catch (err) {
      console.warn('login failed', err);
      setError('Email or Password incorrect.');
      setBusy(false);
    }
  };

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
        p: 3,
        textAlign: 'center',
        background: 'linear-gradient(160deg, #3b2314 0%, #6d4c41 60%, #a1887f 100%)',
        color: '#fff',
      }}
    >
      <Logo size={44} />
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
        Welcome to Woxa Cafe
      </Typography>
      <Typography sx={{ maxWidth: 320 }}>
        Order your drink, bring your tumbler, and pick it up when it is ready.
      </Typography>
      <Stack spacing={1.5} sx={{ width: '100%', maxWidth: 320 }}>
        <Button
          variant="contained"
          size="large"
          onClick={() => (open ? close() : setOpen(true))}
          sx={{ bgcolor: '#fff', color: '#3b2314', '&:hover': { bgcolor: '#f1e7df' } }}
        >
          Login
        </Button>
        <Button variant="outlined" size="large" color="inherit" onClick={() => void navigate('/create')}>
          Create New Account
        </Button>
      </Stack>

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
            <PasswordField
              value={password}
              onChange={setPassword}
              show={showPassword}
              onToggle={() => setShowPassword((s) => !s)}
              autoComplete="current-password"
            />
            {busy ? (
              <Box sx={{ display: 'flex', justifyContent: 'center', py: 0.5 }}>
                <CircularProgress size={32} aria-label="Signing in" />
              </Box>
            ) : (
              <Button type="submit" variant="contained" size="large">
                Login
              </Button>
            )}
            <Typography role="alert" color="error" sx={{ minHeight: 24 }}>
              {error}
            </Typography>
            <Link component="button" type="button" variant="body2" onClick={() => setForgotOpen(true)}>
              Forgot password?
            </Link>
          </Stack>
        </DialogContent>
      </Dialog>
      <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} domain={domain} />
    </Box>
  );
}
