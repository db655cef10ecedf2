import { Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A titled panel holding a list (its rows are `li`s), or a line saying it is empty. */
export function ListSection({
  id,
  title,
  testId,
  empty,
  children,
}: {
  id: string;
  title: string;
  testId: string;
  /** Shown instead of the list when there is nothing; null shows the (empty) list. */
  empty?: string | null;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2 }} data-testid={testId}>
      <Typography id={id} variant="h6" component="h2" sx={{ fontSize: '1.125rem' }}>
        {title}
      </Typography>
      {empty ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <Stack component="ul" sx={{ m: 0, p: 0 }}>
          {children}
        </Stack>
      )}
    </Paper>
  );
}
