'use client';

import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import { TextField, type TextFieldProps } from './text-field';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { characterCount, isLongError, visibleFieldError } from './field-rules';

export type FormTextFieldProps = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'helperText' | 'slotProps'
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
  endAdornment?: ReactNode;
  /** Extra ids for aria-describedby (the password checklist). */
  describedBy?: string;
  /** Attributes of the input itself: a date's min and max, a number's inputMode. */
  inputAttributes?: Pick<InputHTMLAttributes<HTMLInputElement>, 'min' | 'max' | 'inputMode' | 'autoComplete'>;
  /** Keeps the label above the field: a date input shows its own placeholder (dd/mm/yyyy). */
  shrinkLabel?: boolean;
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
    endAdornment,
    describedBy,
    inputAttributes,
    shrinkLabel,
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
          <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
            <span>{message}</span>
            {counter && <span data-testid={`${name}-counter`}>{counter}</span>}
          </Box>
        ) : undefined
      }
      slotProps={{
        htmlInput: {
          ...inputAttributes,
          maxLength,
          ...(describedBy ? { 'aria-describedby': [helperId, describedBy].filter(Boolean).join(' ') } : {}),
        },
        input: endAdornment
          ? { endAdornment: <InputAdornment position="end">{endAdornment}</InputAdornment> }
          : {},
        ...(shrinkLabel ? { inputLabel: { shrink: true } } : {}),
        formHelperText: {
          className: long ? wrappedErrorClass : undefined,
          // Short errors stay on one line; longer ones wrap rather than run out of the field (R5.4).
          sx: long
            ? { whiteSpace: 'normal', overflowWrap: 'anywhere' }
            : error
              ? { whiteSpace: 'nowrap' }
              : {},
        },
      }}
    />
  );
}
