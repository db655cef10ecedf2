import type { Role, User } from '@drinks/contracts';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import EditIcon from '@mui/icons-material/Edit';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import { Avatar, Box, Chip, FormControl, IconButton, Select, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { useUpdateUser } from '../api/update-user.js';
import { ROLE_OPTIONS, roleLabel, truncateName } from '../user-display.js';
import { optionItems } from '../../../components/option-items.js';
import { wrapAnywhere } from '../../../components/wrap-anywhere.js';

/** A user; an editable one's role is edited in place when the page says this row is the one being edited. */
export function UserRow({
  user,
  editable,
  editing = false,
  onEdit,
  onDone,
}: {
  user: User;
  editable: boolean;
  editing?: boolean;
  onEdit?: () => void;
  onDone?: () => void;
}) {
  const [role, setRole] = useState<Role>(user.role);
  const save = useUpdateUser();
  const access = useUpdateUser();
  const [confirmingDisable, setConfirmingDisable] = useState(false);
  const setAvailable = (isAvailable: boolean) => access.mutate({ id: user.id, change: { isAvailable } });
  const pencil = useRef<HTMLButtonElement>(null);
  // Set when this row's own Cancel, Save or Escape ends the edit: the focus goes back to its pencil
  // (not when another row's pencil took the edit, and the focus with it).
  const refocus = useRef(false);
  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    pencil.current?.focus();
  }, [editing]);
  const finish = () => {
    refocus.current = true;
    onDone?.();
  };
  const cancel = () => {
    setRole(user.role);
    finish();
  };
  const name = editable ? truncateName(user.name) : user.name;
  const commit = () => save.mutate({ id: user.id, change: { role } }, { onSettled: finish });
  return (
    // On a phone the role and its buttons go under the name when they would squeeze it: the email stays whole.
    <Stack
      direction="row"
      spacing={1.5}
      useFlexGap
      sx={{ alignItems: 'center', flexWrap: 'wrap', px: 2, py: 1.5 }}
      data-testid="user-row"
    >
      <Avatar aria-hidden sx={{ bgcolor: user.role === 'admin' ? 'secondary.main' : 'primary.main' }}>
        {[...user.name][0]?.toUpperCase()}
      </Avatar>
      <Box sx={{ flex: '1 1 13rem', minWidth: 0 }}>
        {/* The own row's name is whole (not cut to 14 letters): one long word breaks rather than widen the page. */}
        <Typography sx={{ fontWeight: 600, ...wrapAnywhere }} title={user.name}>
          {name}
        </Typography>
        {/* Whole, broken where it must on a phone: two people of one name are told apart by it. */}
        <Typography variant="body2" color="text.secondary" sx={wrapAnywhere}>
          {user.email}
        </Typography>
        {!user.isAvailable && (
          <Typography variant="body2" color="error" sx={{ fontWeight: 600 }} data-testid="user-disabled">
            Disabled
          </Typography>
        )}
      </Box>
      {editing ? (
        <Stack
          direction="row"
          sx={{ alignItems: 'center', ml: 'auto' }}
          // The open list's Escape closes the list only (MUI stops it there); the next one cancels.
          onKeyDown={(e) => {
            if (e.key === 'Escape') cancel();
          }}
        >
          <FormControl size="small">
            <Select
              autoFocus
              value={role}
              onChange={(e) => setRole(e.target.value as Role)}
              inputProps={{ 'aria-label': `Role of ${user.name}` }}
            >
              {optionItems(ROLE_OPTIONS)}
            </Select>
          </FormControl>
          <IconButton aria-label="Cancel" onClick={cancel}>
            <CloseIcon />
          </IconButton>
          <IconButton aria-label="Save" color="primary" disabled={save.isPending} onClick={commit}>
            <CheckIcon />
          </IconButton>
        </Stack>
      ) : (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', ml: 'auto' }}>
          <Chip size="small" label={roleLabel(user.role)} data-testid="user-role" />
          {editable && (
            <IconButton
              ref={pencil}
              aria-label={`Edit role of ${user.name}`}
              onClick={() => {
                setRole(user.role);
                onEdit?.();
              }}
            >
              <EditIcon />
            </IconButton>
          )}
          {editable && (
            <IconButton
              aria-label={`${user.isAvailable ? 'Disable' : 'Enable'} account of ${user.name}`}
              title={user.isAvailable ? 'Disable account' : 'Enable account'}
              // Not `disabled` while the change is on its way: a disabled button drops the focus (to the page,
              // also when the confirm dialog hands it back), and the keyboard user loses their place.
              aria-disabled={access.isPending}
              onClick={() => {
                if (access.isPending) return;
                if (user.isAvailable) setConfirmingDisable(true);
                else setAvailable(true);
              }}
            >
              {user.isAvailable ? <PersonOffIcon /> : <HowToRegIcon />}
            </IconButton>
          )}
        </Stack>
      )}
      <ConfirmDialog
        open={confirmingDisable}
        title={`Disable ${user.name}?`}
        text="They are signed out on every device and cannot sign in until an admin enables the account again."
        confirmLabel="Disable"
        onClose={() => setConfirmingDisable(false)}
        onConfirm={() => {
          setConfirmingDisable(false);
          setAvailable(false);
        }}
      />
    </Stack>
  );
}
