import { isBlankName, LIMITS, NAME_EMPTY_MESSAGE } from '@drinks/contracts';
import EditIcon from '@mui/icons-material/Edit';
import KeyIcon from '@mui/icons-material/Key';
import { Box, Button, IconButton, InputBase, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useAlert } from '../../components/alert-provider.js';
import { wrapAnywhere } from '../../components/wrap-anywhere.js';
import { useRename } from '../../features/profile/api/rename.js';
import { useConfig } from '../../lib/config.js';
import { useSession } from '../../lib/session.js';
import { useOpenedOnce } from '../../lib/use-opened-once.js';
import { fitEdit } from '../../lib/fit-edit.js';
import { lazyComponent } from '../../lib/lazy-component.js';

const ChangePasswordDialog = lazyComponent(
  async () => (await import('../../features/auth/components/change-password-dialog.js')).ChangePasswordDialog,
);

/**
 * 'Hi,' plus the name, with inline edit ('New name:' and Save). `wrap`: the whole name on as many lines as it
 * needs (the phone's drawer, where no pointer shows a title); otherwise one line ending in an ellipsis.
 */
export function Greeting({ color = 'inherit', wrap = false }: { color?: string; wrap?: boolean }) {
  const { user, setUser } = useSession();
  const alert = useAlert();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [changingPassword, setChangingPassword] = useState(false);
  const passwordLoaded = useOpenedOnce(changingPassword);
  // With company sign-in only (OIDC_ONLY) there is no password to change: the dialog could only say so.
  const { passwordSignIn = true } = useConfig();
  const rename = useRename((u) => {
    setUser(u);
    setEditing(false);
  });
  const inputId = useId();
  if (!user) return null;

  const save = async () => {
    if (isBlankName(draft)) {
      await alert(NAME_EMPTY_MESSAGE);
      return;
    }
    rename.mutate(draft.trim());
  };

  if (!editing) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color, minWidth: 0, maxWidth: '100%' }}>
        {/* A long name (20 characters may be wide) gives way, never the buttons beside it. */}
        <Typography
          component="span"
          title={user.name}
          sx={{
            fontWeight: 600,
            ...(wrap
              ? wrapAnywhere
              : { minWidth: 0, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }),
          }}
        >
          Hi, {user.name}
        </Typography>
        <IconButton
          size="small"
          color="inherit"
          aria-label="Edit name"
          sx={{ flexShrink: 0 }}
          onClick={() => {
            setDraft(user.name);
            setEditing(true);
          }}
        >
          <EditIcon fontSize="small" />
        </IconButton>
        {passwordSignIn && (
          <IconButton
            size="small"
            color="inherit"
            aria-label="Change password"
            sx={{ flexShrink: 0 }}
            onClick={() => setChangingPassword(true)}
          >
            <KeyIcon fontSize="small" />
          </IconButton>
        )}
        {passwordLoaded && <ChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />}
      </Box>
    );
  }
  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, color, flexWrap: 'wrap' }}
    >
      <label htmlFor={inputId}>New name:</label>
      <InputBase
        id={inputId}
        value={draft}
        autoFocus
        onChange={(e) => setDraft(fitEdit(draft, e.target.value, LIMITS.personName))}
        sx={{ bgcolor: '#fff', color: '#1f1a17', px: 1, borderRadius: 1, width: 150 }}
      />
      <Button type="submit" size="small" variant="contained" color="success" disabled={rename.isPending}>
        Save
      </Button>
      <Button size="small" color="inherit" onClick={() => setEditing(false)}>
        Cancel
      </Button>
    </Box>
  );
}
