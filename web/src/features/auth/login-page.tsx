import type { Role } from '@drinks/contracts';
import { Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { CenteredMain } from '../../components/centered-main.js';
import { Logo } from '../../components/logo.js';
import { landingPath } from '../../lib/access.js';
import { useMayOpen } from '../../lib/route-access.js';
import { useConfig } from '../../lib/config.js';
import { useSession } from '../../lib/session.js';
import { useOpenedOnce } from '../../lib/use-opened-once.js';
import { paths } from '../../lib/paths.js';
import { lazyComponent } from '../../lib/lazy-component.js';

// The form (text fields, dialogs) loads when first asked for: most visits only show the buttons.
const LoginDialog = lazyComponent(async () => (await import('./components/login-dialog.js')).default);
// So does the notice (an MUI Alert with its icons), shown only after a session ended or a company sign-in failed.
const WelcomeNotice = lazyComponent(async () => (await import('./components/welcome-notice.js')).default);

/** The place asked for before sign-in, when it is one this person may open. */
function rememberedPath(state: unknown, role: Role, mayOpen: ReturnType<typeof useMayOpen>): string | null {
  const from = (state as { from?: { pathname?: string; search?: string } } | null)?.from;
  if (!from?.pathname || from.pathname === paths.landing || from.pathname === paths.login) return null;
  if (!mayOpen(from.pathname, role)) return null;
  return `${from.pathname}${from.search ?? ''}`;
}

/** What the server's /login?sso_error=<reason> means to the person (routes/company-sign-in.ts). */
function companySignInError(reason: string, provider: string, domain: string, passwords: boolean): string {
  switch (reason) {
    case 'wrong-domain':
      return `Only @${domain} accounts can sign in here. Choose your company account.`;
    case 'unverified-email':
      return `Your ${provider} account has no verified email address. Ask your IT team.`;
    case 'disabled':
      return 'This account is disabled. Ask an admin to enable it.';
    case 'cancelled':
      return 'Sign-in was cancelled.';
    case 'provider-unavailable':
      return `${provider} is not answering right now. Try again in a moment${passwords ? ', or log in with your password' : ''}.`;
    case 'mismatch':
    case 'expired':
      return 'That sign-in could not be checked (it expired or started in another browser). Please try again.';
    default:
      return `Sign-in with ${provider} did not work. Please try again.`;
  }
}

export function LoginPage() {
  const { user, shop, sessionEnded, completeCompanySignIn } = useSession();
  const { companyEmailDomain: domain, companySignIn, passwordSignIn = true } = useConfig();
  const [params, setParams] = useSearchParams();
  const [ssoError, setSsoError] = useState(params.get('sso_error'));
  const completing = useRef(false);
  const navigate = useNavigate();
  const location = useLocation();
  const mayOpen = useMayOpen();
  const [open, setOpen] = useState(false);
  const formLoaded = useOpenedOnce(open);
  const [busy, setBusy] = useState(false);

  // Back from the company's sign-in page: the server holds this browser's tokens for two minutes.
  useEffect(() => {
    if (params.get('sso') !== 'done' || completing.current) return;
    completing.current = true;
    setBusy(true);
    setParams({}, { replace: true });
    completeCompanySignIn()
      .catch((err: unknown) => {
        console.warn('company sign-in could not complete', err);
        setSsoError('expired');
      })
      .finally(() => setBusy(false));
  }, [params, setParams, completeCompanySignIn]);

  if (user && !busy)
    return (
      <Navigate
        to={rememberedPath(location.state, user.role, mayOpen) ?? landingPath(user.role, shop, { afterLogin: true })}
        replace
      />
    );

  return (
    <CenteredMain
      gap={3}
      sx={{
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
      {sessionEnded && !ssoError && (
        <WelcomeNotice severity="info">Your session has ended. Please log in again.</WelcomeNotice>
      )}
      {ssoError && (
        <WelcomeNotice severity="error">
          {companySignInError(ssoError, companySignIn?.name ?? 'your company account', domain, passwordSignIn)}
        </WelcomeNotice>
      )}
      {busy && !open ? (
        <CircularProgress aria-label="Signing in" sx={{ color: '#fff' }} />
      ) : (
        <Stack spacing={1.5} sx={{ width: '100%', maxWidth: 320 }}>
          {companySignIn && (
            <Button
              variant="contained"
              size="large"
              href="/api/auth/oidc/start"
              sx={{ bgcolor: '#fff', color: '#3b2314', '&:hover': { bgcolor: '#f1e7df' } }}
            >
              Sign in with {companySignIn.name}
            </Button>
          )}
          {passwordSignIn && (
            <>
              <Button
                variant={companySignIn ? 'outlined' : 'contained'}
                color={companySignIn ? 'inherit' : 'primary'}
                size="large"
                onClick={() => setOpen(true)}
                sx={companySignIn ? {} : { bgcolor: '#fff', color: '#3b2314', '&:hover': { bgcolor: '#f1e7df' } }}
              >
                Login
              </Button>
              <Button variant="outlined" size="large" color="inherit" onClick={() => void navigate(paths.create)}>
                Create New Account
              </Button>
            </>
          )}
        </Stack>
      )}

      {formLoaded && <LoginDialog open={open} onClose={() => setOpen(false)} domain={domain} />}
    </CenteredMain>
  );
}
