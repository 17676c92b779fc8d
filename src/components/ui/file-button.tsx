import clsx from 'clsx';
import { useId, type ChangeEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { buttonClass } from './button';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className' | 'children' | 'onChange'> & {
  /** The files chosen (none when the chooser was closed without one). */
  onFiles(files: File[]): void;
  /** The button's words; they also name the file input (`getByLabelText`). */
  children: ReactNode;
  className?: string;
};

/**
 * A file input that looks like a secondary button: the input itself stays in the page (hidden, still focusable), and
 * its label is the button, so a click, a tap, Enter or Space all open the file chooser. The label shows the input's
 * focus ring and its disabled state.
 */
export function FileButton({ children, className, id, onFiles, ...input }: Props) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Emptied, so choosing the same file again still counts as a change.
    event.target.value = '';
    onFiles(files);
  };
  return (
    <>
      <input id={inputId} type="file" className="peer sr-only" onChange={change} {...input} />
      <label
        htmlFor={inputId}
        className={buttonClass(
          'secondary',
          clsx(
            'cursor-pointer peer-disabled:cursor-not-allowed peer-disabled:opacity-60 peer-focus-visible:[outline:3px_solid_var(--focus)] peer-focus-visible:[outline-offset:2px]',
            className,
          ),
        )}
      >
        {children}
      </label>
    </>
  );
}
