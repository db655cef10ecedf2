import { CircularProgress, Typography } from '@mui/material';
import { CenteredMain } from './centered-main.js';
import { Logo } from './logo.js';

export function LoadingScreen() {
  return (
    <CenteredMain gap={2}>
      <Logo size={40} color="#5d3a1a" />
      <CircularProgress aria-label="Loading" />
      {/* The page's heading while it is all there is (axe: a page without a level-one heading). */}
      <Typography component="h1" variant="h6" data-loading>
        Wait a sec...
      </Typography>
    </CenteredMain>
  );
}
