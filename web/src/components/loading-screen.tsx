import { Box, CircularProgress, Typography } from '@mui/material';
import { Logo } from './logo.js';

export function LoadingScreen() {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
      }}
    >
      <Logo size={40} color="#5d3a1a" />
      <CircularProgress aria-label="Loading" />
      <Typography component="p" variant="h6">
        Wait a sec...
      </Typography>
    </Box>
  );
}
