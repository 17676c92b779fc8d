import { useState, type ComponentProps } from 'react';
import { TextField } from '../../../components/ui/text-field';

type Props = Omit<ComponentProps<typeof TextField>, 'type'>;

/** A password input with a show/hide switch, so nobody needs a "confirm" field to catch a typo. */
export function PasswordField(props: Props) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <TextField {...props} type={visible ? 'text' : 'password'} className="[&_input]:pr-16" />
      <button
        type="button"
        className="absolute right-2 top-8 min-h-9 rounded px-2 text-sm font-medium text-brand"
        aria-pressed={visible}
        aria-label={visible ? 'Hide password' : 'Show password'}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? 'Hide' : 'Show'}
      </button>
    </div>
  );
}
