import NightlifeIcon from '@mui/icons-material/Nightlife';
import { Box, Container, Link as MuiLink, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { useSession } from '../../lib/session.js';
import { serverNow } from '../../lib/config.js';
import { useToday } from '../../lib/use-business-day.js';
import { closedPageRedirect } from './closed-logic.js';
import { inSeason } from './popup-logic.js';
import { lazyComponent } from '../../lib/lazy-component.js';
import { paths } from '../../lib/paths.js';

// October's only: its dialog and toggles load when it shows, not with every after-hours first screen.
const HalloweenPopup = lazyComponent(async () => (await import('./components/halloween-popup.js')).HalloweenPopup);

/** The closed notice; `children` (the person's drinks still to pick up) follow it. */
export function ClosedPage({ children }: { children?: ReactNode }) {
  const { user, shop, shopLoaded } = useSession();
  // Drawn again once the server has told its clock (a first render before that went by the phone's, and
  // a demo's October popup then never showed), and when the day turns.
  useToday();
  const away = shopLoaded ? closedPageRedirect(user?.role === 'admin' ? 'admin' : 'user', shop) : null;
  if (away) return <Navigate to={away} replace />;
  return (
    <Container maxWidth="sm" sx={{ py: 4, minHeight: '70vh', display: 'flex', flexDirection: 'column' }}>
      <Paper variant="outlined" sx={{ p: 3, textAlign: 'center', borderRadius: 3 }}>
        <NightlifeIcon sx={{ fontSize: 56, color: 'text.secondary' }} aria-hidden />
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, my: 2 }}>
          Sorry, both the cafe and bar are currently closed
        </Typography>
        <Box component="dl" sx={{ m: 0, '& dt': { fontWeight: 700, mt: 1.5 }, '& dd': { m: 0 } }}>
          <dt>Cafe</dt>
          <dd>Every working day 9:00 - 16:00</dd>
          <dt>Bar</dt>
          <dd>Friday 15:00 - 18:00 (the cafe closes at 12:00 on that day)</dd>
        </Box>
        <Typography sx={{ mt: 3 }} color="text.secondary">
          Cocktails are not available for online ordering. Please order your drink at the bar
        </Typography>
      </Paper>
      {children}
      <Box component="footer" sx={{ mt: 'auto', pt: 4, textAlign: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          Powered by{' '}
          <MuiLink component={Link} to={paths.teamCredit}>
            the Woxa team
          </MuiLink>
        </Typography>
      </Box>
      {/* October by the server's clock (a demo's FAKE_NOW), not only by the phone's. */}
      {inSeason(serverNow()) && <HalloweenPopup />}
    </Container>
  );
}
