import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, IconButton, Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import { wrapAnywhere } from '../../../components/wrap-anywhere.js';

export function FormHeader({ title, back }: { title: string; back: string }) {
  const navigate = useNavigate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
      <IconButton aria-label="Back" onClick={() => void navigate(back)}>
        <ArrowBackIcon />
      </IconButton>
      {/* A 25-letter menu name of one word wraps: unbroken, it widened the page past a phone's screen. */}
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, ...wrapAnywhere }}>
        {title}
      </Typography>
    </Box>
  );
}
