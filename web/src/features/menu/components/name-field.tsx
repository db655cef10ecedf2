import { TextField } from '@mui/material';
import { useState } from 'react';
import { NAME_MAX, nameError } from '../menu-validation.js';

/** A name input that shows the name rules' message once touched (or once `showErrors`). */
export function NameField({
  label,
  value,
  onChange,
  showErrors,
  disabled = false,
}: {
  label: string;
  value: string;
  onChange(v: string): void;
  showErrors: boolean;
  disabled?: boolean;
}) {
  const [touched, setTouched] = useState(false);
  const error = touched || showErrors ? nameError(value) : null;
  return (
    <TextField
      label={label}
      value={value}
      required
      fullWidth
      disabled={disabled}
      onChange={(e) => {
        setTouched(true);
        onChange(e.target.value);
      }}
      onBlur={() => setTouched(true)}
      error={error !== null}
      // Locked (the shop open): no count of letters no one can type, in the pale grey of a disabled field.
      helperText={disabled ? undefined : (error ?? `${value.length}/${NAME_MAX}`)}
      slotProps={{ htmlInput: { maxLength: NAME_MAX + 1 } }}
    />
  );
}
