import { characterCount, isBlankName, LIMITS, NAME_EMPTY_MESSAGE } from '@drinks/contracts';
import { Button } from '@mui/material';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useAlert } from '../../components/alert-provider.js';
import { TextInput } from '../../components/text-input.js';
import { useQueryClient } from '@tanstack/react-query';
import { configQuery, useConfig } from '../../lib/config.js';
import { useLatch } from '../../lib/use-latch.js';
import { useRegister } from './api/register.js';
import { AuthCard } from './components/auth-card.js';
import { EmailField } from './components/email-field.js';
import { NewPasswordField } from './components/password-field.js';
import { domainAlert, onCompanyDomain } from './email-rules.js';
import { passwordProblem, registered, registrationFailed } from './register-rules.js';
import { fitEdit } from '../../lib/fit-edit.js';
import { paths } from '../../lib/paths.js';

export function RegisterPage() {
  const { companyEmailDomain: domain, passwordSignIn = true } = useConfig();
  const queryClient = useQueryClient();
  const alert = useAlert();
  const navigate = useNavigate();
  const register = useRegister();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // A second tap would register again and answer "taken".
  const latch = useLatch();

  const submit = async () => {
    if (!latch.take()) return;
    try {
      await createAccount();
    } finally {
      latch.release();
    }
  };

  const createAccount = async () => {
    // The browser's `required` lets a name of spaces through; the server would refuse it in its own words.
    if (isBlankName(name)) {
      await alert(NAME_EMPTY_MESSAGE);
      return;
    }
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
      const created = await register.mutateAsync({ name: name.trim(), email, password });
      // The configuration says whether ordering waits for a confirmed email (asked again if it had not loaded);
      // without it, the new account's own emailVerified. Not both: under the contract's rules (a demo) a new
      // account is unconfirmed too, and orders at once.
      const config = await queryClient.fetchQuery(configQuery).catch(() => null);
      await alert(registered(config ? config.verifiedEmailToOrder === true : created.emailVerified === false));
      void navigate(paths.login);
    } catch (err) {
      console.warn('registration failed', err);
      await alert(registrationFailed(err));
    }
  };

  // OIDC_ONLY: accounts come from the company's sign-in, not from this form.
  if (!passwordSignIn) return <Navigate to={paths.login} replace />;

  return (
    <AuthCard title="Create New Account" onSubmit={() => void submit()}>
      <TextInput
        label="Name"
        name="name"
        required
        value={name}
        onChange={(e) => setName(fitEdit(name, e.target.value, LIMITS.personName))}
        helperText={`${characterCount(name)}/${LIMITS.personName}`}
      />
      <EmailField value={email} onChange={setEmail} domain={domain} />
      <NewPasswordField value={password} onChange={setPassword} />
      <Button type="submit" variant="contained" size="large" disabled={register.isPending}>
        Create
      </Button>
      <Button variant="text" onClick={() => void navigate(paths.login)}>
        Back to Login
      </Button>
    </AuthCard>
  );
}
