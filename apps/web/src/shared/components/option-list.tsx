'use client';

import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId, type ReactNode } from 'react';
import { visibleFieldError } from '@/shared/forms/field-rules';

/** R9.10: option rows are 48px high. */
export const optionRowHeight = 48;

export interface OptionListOption {
  value: string;
  label: ReactNode;
  disabled?: boolean;
}

export interface OptionListProps {
  name: string;
  legend: ReactNode;
  options: readonly OptionListOption[];
  value: string | null;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Shown under the rows, and the group is marked invalid. */
  errorText?: string;
  /** With useZodForm: the error shows only once touched (R5.1). Left out, the caller decides. */
  touched?: boolean;
  required?: boolean;
}

/**
 * R2.23: radio-style option rows, 48px high, in a fieldset with a legend. Native radios: Tab reaches the
 * group, the arrow keys move between rows. Each row is bordered and the chosen one is marked by the
 * radio's dot and a heavier border, not colour alone.
 */
export function OptionList(props: OptionListProps) {
  const { name, legend, options, value, onChange, onBlur, required } = props;
  const errorId = useId();
  const errorText = visibleFieldError({ error: props.errorText, touched: props.touched ?? true, value });
  const invalid = errorText !== undefined && errorText !== '';
  return (
    <FormControl component="fieldset" error={invalid} required={required} fullWidth>
      <FormLabel component="legend" sx={{ mb: 1, color: 'text.primary', fontWeight: 600 }}>
        {legend}
      </FormLabel>
      <RadioGroup
        name={name}
        value={value ?? ''}
        onChange={(_event, next) => onChange(next)}
        onBlur={onBlur}
        aria-describedby={invalid ? errorId : undefined}
        aria-invalid={invalid || undefined}
        sx={{ gap: 1 }}
      >
        {options.map((option) => {
          const selected = option.value === value;
          return (
            <FormControlLabel
              key={option.value}
              value={option.value}
              disabled={option.disabled}
              control={<Radio />}
              label={option.label}
              sx={{
                m: 0,
                minHeight: optionRowHeight,
                px: 1,
                border: selected ? 2 : 1,
                borderColor: invalid ? 'error.main' : selected ? 'secondary.main' : 'grey.400',
                borderRadius: 1,
              }}
            />
          );
        })}
      </RadioGroup>
      {invalid && <FormHelperText id={errorId}>{errorText}</FormHelperText>}
    </FormControl>
  );
}
