import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, Container, Paper, Stack, Typography } from '@mui/material';
import { Link } from 'react-router';
import { homePath } from '../../lib/access.js';
import { useSession } from '../../lib/session.js';
import { MemberCard } from './components/member-card.js';
import { SOCIALS, TEAM } from './team.js';
import { paths } from '../../lib/paths.js';

export function TeamCreditPage() {
  const { user } = useSession();
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', py: 4 }}>
      <Container maxWidth="lg">
        <Button component={Link} to={user ? homePath(user.role) : paths.statusOrder()} startIcon={<ArrowBackIcon />}>
          Back to Orders
        </Button>
        <Typography variant="h4" component="h1" sx={{ textAlign: 'center', fontWeight: 800, my: 3 }}>
          Let's Meet Our Team
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
          }}
        >
          {TEAM.map((m) => (
            <MemberCard key={m.id} member={m} />
          ))}
        </Box>
        <Box component="section" aria-labelledby="socials-title" sx={{ mt: 6 }}>
          <Typography
            id="socials-title"
            variant="h5"
            component="h2"
            sx={{ textAlign: 'center', fontWeight: 700, mb: 2 }}
          >
            Follow us
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
            {SOCIALS.map((s) => (
              <Paper
                key={s.name}
                variant="outlined"
                component="section"
                aria-label={s.name}
                sx={{ p: 2, borderRadius: 3 }}
              >
                <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
                  <Box>
                    <Typography sx={{ fontWeight: 700 }}>{s.name}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {s.handle}
                    </Typography>
                  </Box>
                  <Button
                    variant="contained"
                    size="small"
                    href={s.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`Follow ${s.handle} on ${s.name}`}
                  >
                    Follow
                  </Button>
                </Stack>
              </Paper>
            ))}
          </Box>
        </Box>
        <Typography component="footer" variant="body2" color="text.secondary" sx={{ textAlign: 'center', mt: 6 }}>
          Made with love, coffee, and lots of debugging
        </Typography>
      </Container>
    </Box>
  );
}
