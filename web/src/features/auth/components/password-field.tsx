import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { IconButton, InputAdornment, TextField } from '@mui/material';

export function PasswordField(props: {
  value: string;
  onChange: (v: string) => void;
  show: boolean;
  onToggle: () => void;
  autoComplete: string;
  helperText?: string;
}) {
  return (
    <TextField
      label="Password"
      name="password"
      type={props.show ? 'text' : 'password'}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      required
      fullWidth
      autoComplete={props.autoComplete}
      helperText={props.helperText}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={props.show ? 'Hide characters' : 'Show characters'}
                onClick={props.onToggle}
                edge="end"
              >
                {props.show ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
