'use client';

import Autocomplete from '@mui/material/Autocomplete';
import { TextField } from '@/shared/forms/text-field';
import { useState } from 'react';
import { visibleFieldError } from '@/shared/forms/field-rules';

export interface AutocompleteFieldProps<T> {
  label: string;
  name?: string;
  options: readonly T[];
  value: T | null;
  onChange: (value: T | null) => void;
  onBlur?: () => void;
  getOptionLabel: (option: T) => string;
  isOptionEqualToValue?: (option: T, value: T) => boolean;
  /** R2.24: 'No options' unless given (the address lookup says 'No addresses found', R8.6). */
  noOptionsText?: string;
  helperText?: string;
  errorText?: string;
  /** Controlled touched state (from useZodForm); otherwise the field tracks its own blur. */
  touched?: boolean;
  required?: boolean;
  disabled?: boolean;
  loading?: boolean;
  /** For server-side lookups: the typed text. */
  onInputChange?: (text: string) => void;
}

/**
 * R2.24: a labelled dropdown with typed filtering; the error (or helper) text shows under the field once
 * touched; the listbox is at most 40vh high.
 */
export function AutocompleteField<T>(props: AutocompleteFieldProps<T>) {
  const [ownTouched, setOwnTouched] = useState(false);
  const touched = props.touched ?? ownTouched;
  const error = visibleFieldError({ error: props.errorText, touched, value: props.value });
  const message = touched ? (error ?? props.helperText) : undefined;
  return (
    <Autocomplete
      options={props.options}
      value={props.value}
      onChange={(_event, next) => props.onChange(next)}
      onInputChange={props.onInputChange ? (_event, text) => props.onInputChange?.(text) : undefined}
      onBlur={() => {
        setOwnTouched(true);
        props.onBlur?.();
      }}
      getOptionLabel={props.getOptionLabel}
      isOptionEqualToValue={props.isOptionEqualToValue}
      noOptionsText={props.noOptionsText ?? 'No options'}
      disabled={props.disabled}
      loading={props.loading}
      fullWidth
      slotProps={{ listbox: { sx: { maxHeight: '40vh' } } }}
      renderInput={(params) => (
        <TextField
          {...params}
          name={props.name}
          label={props.label}
          required={props.required}
          error={error !== undefined}
          helperText={message}
        />
      )}
    />
  );
}
