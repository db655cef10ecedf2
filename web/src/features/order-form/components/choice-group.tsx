import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Typography } from '@mui/material';
import { useId } from 'react';

/** A radio choice; a required one shows '(Require)' until something is chosen. */
export function ChoiceGroup<T extends string | number>(props: {
  label: string;
  options: readonly { value: T; label: string }[];
  value: T | null;
  onChange: (v: T) => void;
  optional?: boolean;
}) {
  const id = useId();
  return (
    <FormControl component="fieldset" fullWidth>
      <FormLabel id={id} component="legend" sx={{ fontWeight: 700, color: 'text.primary' }}>
        {props.label}{' '}
        {props.optional ? (
          <Typography component="span" color="text.secondary">
            (optional)
          </Typography>
        ) : (
          props.value === null && (
            <Typography component="span" color="error">
              (Require)
            </Typography>
          )
        )}
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby={id}
        name={props.label}
        value={props.value === null ? '' : String(props.value)}
        onChange={(e) => {
          const found = props.options.find((o) => String(o.value) === e.target.value);
          if (found) props.onChange(found.value);
        }}
      >
        {props.options.map((o) => (
          <FormControlLabel key={String(o.value)} value={String(o.value)} control={<Radio />} label={o.label} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
