import { Box, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Logo } from '../../../components/logo.js';

/**
 * A page of its own around one small card: the logo, the title, then `children`, which form one form
 * when `onSubmit` is given.
 */
export function AuthCard({ title, onSubmit, children }: { title: string; onSubmit?: () => void; children: ReactNode }) {
  const content = (
    <>
      <Box sx={{ textAlign: 'center', color: 'primary.main' }}>
        <Logo size={32} />
      </Box>
      <Typography variant="h5" component="h1" sx={{ textAlign: 'center', fontWeight: 700 }}>
        {title}
      </Typography>
      {children}
    </>
  );
  return (
    <Box
      component="main"
      sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}
    >
      <Paper sx={{ p: 3, width: '100%', maxWidth: 400 }} elevation={3}>
        {onSubmit ? (
          <Stack
            component="form"
            spacing={2}
            onSubmit={(e) => {
              e.preventDefault();
              onSubmit();
            }}
          >
            {content}
          </Stack>
        ) : (
          <Stack spacing={2}>{content}</Stack>
        )}
      </Paper>
    </Box>
  );
}
