import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Logo } from '../../components/logo.js';
import { useResetPassword } from './api/reset-password.js';
import { NewPasswordField } from './components/password-field.js';
import { passwordProblem, registrationFailure } from './register-rules.js';
import { paths } from '../../lib/paths.js';

/** Where the mailed reset link lands: a new password, then sign in with it. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState('');

  const submit = () => {
    const weak = passwordProblem(password);
    setProblem(weak ?? '');
    if (!weak) reset.mutate({ token: params.get('token') ?? '', password });
  };

  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper sx={{ p: 3, width: '100%', maxWidth: 400 }} elevation={3}>
        <Stack
          component="form"
          spacing={2}
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Box sx={{ textAlign: 'center', color: 'primary.main' }}>
            <Logo size={32} />
          </Box>
          <Typography variant="h5" component="h1" sx={{ textAlign: 'center', fontWeight: 700 }}>
            Choose a new password
          </Typography>
          {reset.isSuccess ? (
            <Typography role="status">Your password is changed. Log in with the new one.</Typography>
          ) : (
            <>
              <NewPasswordField value={password} onChange={setPassword} />
              <Button type="submit" variant="contained" size="large" disabled={reset.isPending}>
                Save password
              </Button>
            </>
          )}
          <Typography role="alert" color="error">
            {problem || (reset.isError ? registrationFailure(reset.error) : '')}
          </Typography>
          <Button variant="text" onClick={() => void navigate(paths.login)}>
            Back to Login
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
