import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Button, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { wrapAnywhere } from '../../../components/wrap-anywhere.js';

export function PageHeader({
  title,
  back,
  backLabel = 'Back',
  action,
}: {
  title: string;
  back?: string;
  backLabel?: string;
  action?: ReactNode;
}) {
  return (
    <>
      {back && (
        <Button component={Link} to={back} startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }}>
          {backLabel}
        </Button>
      )}
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 1, flexWrap: 'wrap' }}
      >
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, ...wrapAnywhere }}>
          {title}
        </Typography>
        {action}
      </Stack>
    </>
  );
}
