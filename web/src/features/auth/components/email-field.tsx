import { TextInput } from '../../../components/text-input.js';
import { stripWhitespace } from '../email-rules.js';

/** Email input that strips whitespace and blocks the space key (§5). */
export function EmailField(props: {
  value: string;
  onChange: (v: string) => void;
  domain: string;
  autoFocus?: boolean;
}) {
  return (
    <TextInput
      label="Email"
      name="email"
      type="email"
      required
      autoFocus={props.autoFocus}
      autoComplete="email"
      placeholder={`example@${props.domain}`}
      value={props.value}
      onKeyDown={(e) => {
        if (e.key === ' ') e.preventDefault();
      }}
      onChange={(e) => props.onChange(stripWhitespace(e.target.value))}
    />
  );
}
