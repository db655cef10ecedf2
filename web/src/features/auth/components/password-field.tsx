import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import { TextInput } from '../../../components/text-input.js';
import { useConfig } from '../../../lib/config.js';
import { passwordRule } from '../register-rules.js';

/** A password field with its own show/hide toggle (reset whenever the field is mounted afresh). */
export function PasswordField(props: {
  value: string;
  onChange: (v: string) => void;
  autoComplete: string;
  helperText?: string;
}) {
  const [show, setShow] = useState(false);
  return (
    <TextInput
      label="Password"
      name="password"
      type={show ? 'text' : 'password'}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      required
      autoComplete={props.autoComplete}
      helperText={props.helperText}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={show ? 'Hide characters' : 'Show characters'}
            onClick={() => setShow((s) => !s)}
            edge="end"
          >
            {show ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}

/** A password being chosen: the rule stated up front. */
export function NewPasswordField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { weakPasswordsRefused = false } = useConfig();
  return (
    <PasswordField
      value={value}
      onChange={onChange}
      autoComplete="new-password"
      helperText={passwordRule(weakPasswordsRefused)}
    />
  );
}
