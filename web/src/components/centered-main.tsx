import { Box, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';

/** A screen's main landmark with its content stacked in the middle: the loading screen and the welcome page. */
export function CenteredMain({ gap, sx = [], children }: { gap: number; sx?: SxProps<Theme>; children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={[
        {
          minHeight: '100dvh',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          gap,
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}
