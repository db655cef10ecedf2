import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { TextInput } from '../../../components/text-input.js';
import { useChangePassword } from '../api/change-password.js';
import { useConfig } from '../../../lib/config.js';
import { passwordProblem, passwordRule, failureWords } from '../register-rules.js';

/** Needs the current password; every other signed-in device is signed out. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [problem, setProblem] = useState('');
  const change = useChangePassword();
  const { weakPasswordsRefused = false } = useConfig();
  const close = () => {
    setCurrent('');
    setNext('');
    setProblem('');
    change.reset();
    onClose();
  };
  const submit = () => {
    const weak = passwordProblem(next);
    setProblem(weak ?? '');
    if (!weak) change.mutate({ currentPassword: current, newPassword: next });
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="change-password-title">
      <DialogTitle id="change-password-title">Change password</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id="change-password-form"
          spacing={2}
          sx={{ pt: 1 }}
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          {change.isSuccess ? (
            <Typography role="status">Password changed. Your other devices are signed out.</Typography>
          ) : (
            <>
              <TextInput
                label="Current password"
                type="password"
                autoComplete="current-password"
                required
                value={current}
                onChange={(e) => setCurrent(e.target.value)}
              />
              <TextInput
                label="New password"
                type="password"
                autoComplete="new-password"
                required
                value={next}
                helperText={passwordRule(weakPasswordsRefused)}
                onChange={(e) => setNext(e.target.value)}
              />
            </>
          )}
          <Typography role="alert" color="error">
            {problem || (change.isError ? failureWords(change.error) : '')}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Close</Button>
        {!change.isSuccess && (
          <Button type="submit" form="change-password-form" variant="contained" disabled={change.isPending}>
            Save
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
