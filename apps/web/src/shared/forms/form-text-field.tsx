'use client';

import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { characterCount, isLongError, visibleFieldError } from './field-rules';

export type FormTextFieldProps = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'helperText' | 'slotProps'
> & {
  name: string;
  value: string | null | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The field's current validation message; shown only once `touched` (spec 5). */
  errorText?: string;
  touched?: boolean;
  helperText?: string;
  /** Limits the input; with `showCounter`, 'current/max' shows under the field (spec 5). */
  maxLength?: number;
  showCounter?: boolean;
  endAdornment?: ReactNode;
  /** Extra ids for aria-describedby (the password checklist). */
  describedBy?: string;
};

/** The class on error text longer than 33 characters, which wraps (spec 5). */
export const wrappedErrorClass = 'FormField-wrappedError';

/** A labelled text field that follows spec 5's rules; use `form.field(name)` from useZodForm for the wiring. */
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
          maxLength,
          ...(describedBy ? { 'aria-describedby': [helperId, describedBy].filter(Boolean).join(' ') } : {}),
        },
        input: endAdornment
          ? { endAdornment: <InputAdornment position="end">{endAdornment}</InputAdornment> }
          : {},
        formHelperText: {
          className: long ? wrappedErrorClass : undefined,
          // Short errors stay on one line; longer ones wrap rather than run out of the field (spec 5).
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
