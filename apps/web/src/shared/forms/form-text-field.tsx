'use client';

import { cx } from '@/shared/ui/cx';
import { TextField, type TextFieldProps } from './text-field';
import type { InputHTMLAttributes } from 'react';
import { characterCount, isLongError, visibleFieldError } from './field-rules';
import styles from './form-text-field.module.css';

export type FormTextFieldProps = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'helperText' | 'inputProps' | 'helperTextClassName'
> & {
  name: string;
  value: string | null | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The field's current validation message; shown only once `touched` (R5.1). */
  errorText?: string;
  touched?: boolean;
  helperText?: string;
  /** Limits the input; with `showCounter`, 'current/max' shows under the field (R5.3). */
  maxLength?: number;
  showCounter?: boolean;
  /** Extra ids for aria-describedby (the password checklist). */
  describedBy?: string;
  /** Attributes of the input itself: a date's min and max, a number's inputMode. */
  inputAttributes?: Pick<InputHTMLAttributes<HTMLInputElement>, 'min' | 'max' | 'inputMode' | 'autoComplete'>;
};

/** The class on error text longer than 33 characters, which wraps (R5.4). */
export const wrappedErrorClass = 'FormField-wrappedError';

/** A labelled text field that follows R5.1 to R5.5; use `form.field(name)` from useZodForm for the wiring. */
export function FormTextField(props: FormTextFieldProps) {
  const {
    name,
    value,
    onChange,
    onBlur,
    errorText,
    touched = false,
    helperText,
    maxLength,
    showCounter,
    describedBy,
    inputAttributes,
    ...rest
  } = props;
  const text = value ?? '';
  const error = visibleFieldError({ error: errorText, touched, value: text });
  const message = error ?? helperText;
  const counter = maxLength !== undefined && showCounter ? characterCount(text, maxLength) : undefined;
  const long = isLongError(error);
  const helperId = props.id ? `${props.id}-helper-text` : undefined;

  return (
    <TextField
      fullWidth
      {...rest}
      name={name}
      value={text}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      error={error !== undefined}
      helperText={
        message || counter ? (
          <span className={styles.helperRow}>
            <span>{message}</span>
            {counter && <span data-testid={`${name}-counter`}>{counter}</span>}
          </span>
        ) : undefined
      }
      inputProps={{
        ...inputAttributes,
        maxLength,
        ...(describedBy ? { 'aria-describedby': [helperId, describedBy].filter(Boolean).join(' ') } : {}),
      }}
      // Short errors stay on one line; longer ones wrap rather than run out of the field (R5.4).
      helperTextClassName={cx(long && wrappedErrorClass, long ? styles.wrapped : error && styles.oneLine)}
    />
  );
}
