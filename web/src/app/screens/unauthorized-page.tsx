import LockIcon from '@mui/icons-material/Lock';
import { Box, Button, Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen.js';
import { landingPath } from '../../lib/access.js';
import { useSession } from '../../lib/session.js';
import { paths } from '../../lib/paths.js';
import { ToLogin } from '../../components/to-login.js';

export function UnauthorizedPage() {
  const { user, shop } = useSession();
  const navigate = useNavigate();
  return (
    <Box
      component="main"
      sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}
    >
      <Box>
        <LockIcon sx={{ fontSize: 56, color: 'primary.main' }} aria-hidden />
        <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
          Unauthorized
        </Typography>
        <Typography sx={{ mt: 1, mb: 3 }} color="text.secondary">
          You do not have permission to view this page.
        </Typography>
        <Button variant="contained" onClick={() => void navigate(user ? landingPath(user.role, shop) : paths.login)}>
          {user ? 'Back to home' : 'Go to login'}
        </Button>
      </Box>
    </Box>
  );
}

/** Any path outside the signed-in role's routes shows the unauthorized screen (§2). */
export function FallbackScreen() {
  const { user, initialised } = useSession();
  if (!initialised) return <LoadingScreen />;
  if (!user) return <ToLogin />;
  return <UnauthorizedPage />;
}
