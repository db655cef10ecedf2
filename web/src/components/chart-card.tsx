import { Box, Paper, Typography } from '@mui/material';
import type { ReactElement } from 'react';
import { ResponsiveContainer } from 'recharts';

/** A titled figure holding one recharts chart, 240 px high unless told, as wide as its column. */
export function ChartCard({
  title,
  children,
  testId,
  height = 240,
}: {
  title: string;
  children: ReactElement;
  testId?: string;
  height?: number;
}) {
  return (
    <Paper variant="outlined" component="figure" sx={{ m: 0, p: 2 }} aria-label={title} data-testid={testId}>
      <Typography component="figcaption" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      <Box sx={{ height }}>
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </Box>
    </Paper>
  );
}
