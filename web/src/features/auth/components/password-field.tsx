import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import { TextInput } from '../../../components/text-input.js';
import { PASSWORD_RULE } from '../register-rules.js';

export function PasswordField(props: {
  value: string;
  onChange: (v: string) => void;
  show: boolean;
  onToggle: () => void;
  autoComplete: string;
  helperText?: string;
}) {
  return (
    <TextInput
      label="Password"
      name="password"
      type={props.show ? 'text' : 'password'}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      required
      autoComplete={props.autoComplete}
      helperText={props.helperText}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={props.show ? 'Hide characters' : 'Show characters'}
            onClick={props.onToggle}
            edge="end"
          >
            {props.show ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}

/** A password being chosen: the rule stated up front, its own show/hide state. */
export function NewPasswordField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const [show, setShow] = useState(false);
  return (
    <PasswordField
      value={value}
      onChange={onChange}
      show={show}
      onToggle={() => setShow((s) => !s)}
      autoComplete="new-password"
      helperText={PASSWORD_RULE}
    />
  );
}
