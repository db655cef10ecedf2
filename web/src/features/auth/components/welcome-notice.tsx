import { Alert, type AlertColor } from '@mui/material';

/** A message on the welcome page: why the session ended, or why company sign-in did not work. */
export default function WelcomeNotice({ severity, children }: { severity: AlertColor; children: string }) {
  return (
    <Alert severity={severity} sx={{ width: '100%', maxWidth: 320, textAlign: 'left' }}>
      {children}
    </Alert>
  );
}
