import { Box, Button, Typography } from '@mui/material';
import { Logo } from '../../components/logo.js';
import { homePath } from '../../lib/access.js';
import { useOptionalSession } from '../../lib/session.js';
import { paths } from '../../lib/paths.js';

export function ErrorPage() {
  const session = useOptionalSession();
  const role = session?.user?.role;
  const target = role ? homePath(role) : paths.ordering;
  return (
    <Box
      component="main"
      sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}
    >
      <Box>
        <Logo size={36} color="#5d3a1a" />
        <Typography variant="h5" component="h1" sx={{ mt: 3, mb: 3 }}>
          Sorry, something went wrong :(
        </Typography>
        {/* A full reload: the error may have left the app in a broken state. A button, as the spec names it. */}
        <Button variant="contained" onClick={() => location.assign(target)}>
          Back to home
        </Button>
      </Box>
    </Box>
  );
}
