import { Button, Typography } from '@mui/material';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useResetPassword } from './api/reset-password.js';
import { AuthCard } from './components/auth-card.js';
import { NewPasswordField } from './components/password-field.js';
import { linkFailure, passwordProblem } from './register-rules.js';
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
    <AuthCard title="Choose a new password" onSubmit={submit}>
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
        {problem || (reset.isError ? linkFailure(reset.error) : '')}
      </Typography>
      <Button variant="text" onClick={() => void navigate(paths.login)}>
        Back to Login
      </Button>
    </AuthCard>
  );
}
