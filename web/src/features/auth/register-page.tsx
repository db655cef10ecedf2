import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useAlert } from '../../components/alert-provider.js';
import { Logo } from '../../components/logo.js';
import { TextInput } from '../../components/text-input.js';
import { useConfig } from '../../lib/config.js';
import { useRegister } from './api/register.js';
import { EmailField } from './components/email-field.js';
import { NewPasswordField } from './components/password-field.js';
import { domainAlert, onCompanyDomain } from './email-rules.js';
import { passwordProblem, REGISTERED, registrationFailure } from './register-rules.js';
import { paths } from '../../lib/paths.js';

export function RegisterPage() {
  const { companyEmailDomain: domain, passwordSignIn = true } = useConfig();
  const alert = useAlert();
  const navigate = useNavigate();
  const register = useRegister();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const submit = async () => {
    if (!onCompanyDomain(email, domain)) {
      await alert(domainAlert(domain));
      return;
    }
    const weak = passwordProblem(password);
    if (weak) {
      await alert(weak);
      return;
    }
    try {
      await register.mutateAsync({ name: name.trim(), email, password });
      await alert(REGISTERED);
      void navigate(paths.login);
    } catch (err) {
      console.warn('registration failed', err);
      await alert(registrationFailure(err));
    }
  };

  // OIDC_ONLY: accounts come from the company's sign-in, not from this form.
  if (!passwordSignIn) return <Navigate to={paths.login} replace />;

  return (
    <Box
      component="main"
      sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}
    >
      <Paper sx={{ p: 3, width: '100%', maxWidth: 400 }} elevation={3}>
        <Stack
          component="form"
          spacing={2}
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Box sx={{ textAlign: 'center', color: 'primary.main' }}>
            <Logo size={32} />
          </Box>
          <Typography variant="h5" component="h1" sx={{ textAlign: 'center', fontWeight: 700 }}>
            Create New Account
          </Typography>
          <TextInput
            label="Name"
            name="name"
            required
            value={name}
            onChange={(e) => setName(e.target.value.slice(0, 20))}
            inputProps={{ maxLength: 20 }}
            helperText={`${name.length}/20`}
          />
          <EmailField value={email} onChange={setEmail} domain={domain} />
          <NewPasswordField value={password} onChange={setPassword} />
          <Button type="submit" variant="contained" size="large" disabled={register.isPending}>
            Create
          </Button>
          <Button variant="text" onClick={() => void navigate(paths.login)}>
            Back to Login
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
