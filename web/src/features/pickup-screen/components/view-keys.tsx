import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Box, Button, CircularProgress, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import { businessDay } from '@drinks/contracts';
import { useState } from 'react';
import { formatBusinessTime, useConfig } from '../../../lib/config.js';
import { useCreateViewKey, useRevokeViewKey, useViewKeys } from '../api/view-keys.js';

/** Admins create and revoke the view keys that let a TV outside the office network show /ready. */
export function ViewKeys() {
  const { businessTimeZone } = useConfig();
  const keys = useViewKeys();
  const create = useCreateViewKey();
  const revoke = useRevokeViewKey();
  const [copied, setCopied] = useState(false);
  const created = create.data ? new URL(create.data.url, window.location.origin).toString() : null;
  const when = (iso: string) =>
    `${businessDay(new Date(iso), businessTimeZone)} ${formatBusinessTime(iso, businessTimeZone)}`;

  return (
    <Paper variant="outlined" component="section" aria-labelledby="view-keys-title" sx={{ p: 2 }}>
      <Typography id="view-keys-title" variant="h6" component="h2">
        Pick-up screen
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Open <strong>/ready</strong> on the TV by the counter: it lists drinks ready to pick up by first name. On the
        office network it needs nothing; elsewhere it needs a view key.
      </Typography>
      <Button variant="contained" onClick={() => create.mutate()} disabled={create.isPending}>
        Create view key
      </Button>
      {created && (
        <Alert severity="success" sx={{ mt: 1.5, overflowWrap: 'anywhere' }} data-testid="view-key-link">
          Open this on the TV (shown only now): <strong>{created}</strong>
          <Box>
            <Button
              size="small"
              startIcon={<ContentCopyIcon />}
              onClick={() => void navigator.clipboard?.writeText(created).then(() => setCopied(true))}
            >
              {copied ? 'Copied' : 'Copy link'}
            </Button>
          </Box>
        </Alert>
      )}
      {keys.isPending ? (
        <CircularProgress size={24} aria-label="Loading view keys" sx={{ mt: 2 }} />
      ) : (
        <List dense aria-label="View keys">
          {(keys.data ?? []).map((k) => (
            <ListItem
              key={k.id}
              data-testid="view-key"
              secondaryAction={
                k.revokedAt ? null : (
                  <Button color="error" size="small" onClick={() => revoke.mutate(k.id)} disabled={revoke.isPending}>
                    Revoke
                  </Button>
                )
              }
            >
              <ListItemText
                primary={`Key created ${when(k.createdAt)}`}
                secondary={k.revokedAt ? `Revoked ${when(k.revokedAt)}` : 'In use'}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
