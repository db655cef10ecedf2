import LogoutIcon from '@mui/icons-material/Logout';
import { Box, Button, Divider, Drawer, List, ListItem, ListItemButton, ListItemText } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../lib/session.js';
import { Greeting } from './greeting.js';
import { barColour } from './top-bar.js';

/** The phone's navigation drawer, opened from the top bar's menu button; open while its history step is. */
export default function NavDrawer({ links, onClose }: { links: { label: string; to: string }[]; onClose: () => void }) {
  const { shop, logout } = useSession();
  return (
    <Drawer anchor="right" open onClose={onClose} slotProps={{ paper: { 'aria-label': 'Menu' } as object }}>
      <Box
        component="nav"
        aria-label="Main"
        sx={{
          width: 260,
          height: '100%',
          display: 'flex',
          flexDirection: 'column',
          bgcolor: barColour(shop),
          color: '#fff',
        }}
      >
        <Box sx={{ p: 2 }}>
          <Greeting wrap />
        </Box>
        <Divider sx={{ borderColor: 'rgba(255,255,255,0.3)' }} />
        <List>
          {links.map((l) => (
            <ListItem key={l.to} disablePadding>
              {/* In place of the drawer's history step: Back from the page it opens goes where the drawer was opened. */}
              <ListItemButton component={RouterLink} to={l.to} replace>
                <ListItemText primary={l.label} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
        <Box sx={{ flex: 1 }} />
        <Button
          color="inherit"
          startIcon={<LogoutIcon />}
          onClick={() => {
            onClose();
            void logout();
          }}
          sx={{ m: 2, justifyContent: 'flex-start' }}
        >
          Logout
        </Button>
      </Box>
    </Drawer>
  );
}
