import LocalBarIcon from '@mui/icons-material/LocalBar';
import LocalCafeIcon from '@mui/icons-material/LocalCafe';
import { Box, Typography } from '@mui/material';

/** The brand mark; the bar variant while the bar is open. */
export function Logo({ bar = false, size = 28, color = 'inherit' }: { bar?: boolean; size?: number; color?: string }) {
  const Icon = bar ? LocalBarIcon : LocalCafeIcon;
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, color }}>
      <Icon sx={{ fontSize: size }} aria-hidden />
      <Typography component="span" sx={{ fontWeight: 800, fontSize: size * 0.7, letterSpacing: 0.5 }}>
        {bar ? 'Woxa Bar' : 'Woxa Cafe'}
      </Typography>
    </Box>
  );
}
