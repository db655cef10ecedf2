import { Box, ButtonBase, Dialog, DialogContent, DialogTitle, IconButton } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useState } from 'react';
import { wrapAnywhere } from '../../../components/wrap-anywhere.js';

/** A thumbnail of the customer's tumbler; tapping it enlarges it. */
export function TumblerImage({ src, owner, size = 64 }: { src: string | null; owner: string; size?: number }) {
  const [open, setOpen] = useState(false);
  if (!src) return null;
  return (
    <>
      <ButtonBase
        onClick={() => setOpen(true)}
        aria-label={`Enlarge tumbler image of ${owner}`}
        sx={{ borderRadius: 1, flexShrink: 0 }}
      >
        <Box
          component="img"
          src={src}
          alt={`Tumbler of ${owner}`}
          sx={{ width: size, height: size, objectFit: 'cover', borderRadius: 1 }}
        />
      </ButtonBase>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="sm" fullWidth aria-labelledby="tumbler-title">
        <DialogTitle id="tumbler-title" sx={{ pr: 6, ...wrapAnywhere }}>
          Tumbler of {owner}
          <IconButton aria-label="Close" onClick={() => setOpen(false)} sx={{ position: 'absolute', right: 8, top: 8 }}>
            <CloseIcon />
          </IconButton>
        </DialogTitle>
        <DialogContent>
          <Box
            component="img"
            src={src}
            alt={`Tumbler of ${owner}, enlarged`}
            sx={{ width: '100%', borderRadius: 1 }}
          />
        </DialogContent>
      </Dialog>
    </>
  );
}
