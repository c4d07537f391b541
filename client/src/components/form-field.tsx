import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import '../styles/ui.css';

// Plain elements (no Chakra run-time): the sign-in and sign-up pages are drawn with these.

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string; error?: string | null; invalid?: boolean };

/** A labelled input with its hint and what is wrong with it, both read out with the field. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField({ label, hint, error, invalid, ...input }, ref) {
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="ui-field">
      <label htmlFor={id}>{label}</label>
      <input ref={ref} id={id} className="ui-input" aria-invalid={invalid || Boolean(error) || undefined} aria-describedby={described} {...input} />
      {hint && (
        <p id={`${id}-hint`} className="ui-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="ui-field-error">
          {error}
        </p>
      )}
    </div>
  );
});

/** A form's error in its flow, as the theme's red alert: the message, and a way on below it when there is one. */
export function FormError({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div role="alert" className="ui-alert ui-red">
      <CircleAlert aria-hidden />
      <div>
        <strong>{message}</strong>
        {children}
      </div>
    </div>
  );
}
