'use client';

import FormControl from '@mui/material/FormControl';
import FormHelperText, { type FormHelperTextProps } from '@mui/material/FormHelperText';
import InputLabel, { type InputLabelProps } from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { unstable_useId as useId } from '@mui/material/utils';
import type {
  ChangeEventHandler,
  FocusEventHandler,
  InputHTMLAttributes,
  KeyboardEventHandler,
  ReactNode,
  Ref,
} from 'react';

type FieldElement = HTMLInputElement | HTMLTextAreaElement;

export interface TextFieldProps {
  id?: string;
  name?: string;
  label?: ReactNode;
  value?: unknown;
  onChange?: ChangeEventHandler<FieldElement>;
  onBlur?: FocusEventHandler<FieldElement>;
  onFocus?: FocusEventHandler<FieldElement>;
  onKeyDown?: KeyboardEventHandler<HTMLDivElement>;
  helperText?: ReactNode;
  error?: boolean;
  required?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  placeholder?: string;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  multiline?: boolean;
  rows?: number;
  minRows?: number;
  maxRows?: number;
  size?: 'small' | 'medium';
  inputRef?: Ref<FieldElement>;
  className?: string;
  sx?: SxProps<Theme>;
  /** A native <select> of the `<option>` children. */
  select?: boolean;
  /** Rendered between the input and the helper text (an autocomplete's list, placed under the input). */
  afterInput?: ReactNode;
  children?: ReactNode;
  slotProps?: {
    htmlInput?: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };
    input?: Partial<OutlinedInputProps>;
    inputLabel?: Partial<InputLabelProps>;
    formHelperText?: Partial<FormHelperTextProps>;
  };
}

/**
 * MUI's outlined TextField, composed from its parts: the same markup, ids and ARIA (the label's `for`,
 * the helper text's `${id}-helper-text` in aria-describedby), the same look. MUI's own TextField imports
 * its menu Select, and with it Menu, Popover and Modal, on every page with a field (about 25 kB
 * compressed); the portal's selects are native, so this one has none of them.
 */
export function TextField(props: TextFieldProps) {
  const {
    id: idOverride,
    label,
    helperText,
    select = false,
    children,
    slotProps = {},
    error = false,
    required = false,
    disabled = false,
    fullWidth = false,
    size,
    className,
    sx,
    onKeyDown,
    afterInput,
    ...inputOwn
  } = props;
  const id = useId(idOverride);
  const helperTextId = helperText && id ? `${id}-helper-text` : undefined;
  const hasLabel = label != null && label !== '';
  const shrink = slotProps.inputLabel?.shrink;

  const input = (
    <OutlinedInput
      aria-describedby={helperTextId}
      id={id}
      fullWidth={fullWidth}
      label={label}
      {...(shrink === undefined ? {} : { notched: shrink })}
      {...inputOwn}
      inputProps={slotProps.htmlInput}
      {...slotProps.input}
    />
  );
  return (
    <FormControl
      variant="outlined"
      className={className}
      sx={sx}
      error={error}
      required={required}
      disabled={disabled}
      fullWidth={fullWidth}
      size={size}
      onKeyDown={onKeyDown}
    >
      {hasLabel && (
        <InputLabel htmlFor={id} id={id ? `${id}-label` : undefined} {...slotProps.inputLabel}>
          {label}
        </InputLabel>
      )}
      {select ? <NativeSelect input={input}>{children}</NativeSelect> : input}
      {afterInput}
      {helperText && (
        <FormHelperText id={helperTextId} {...slotProps.formHelperText}>
          {helperText}
        </FormHelperText>
      )}
    </FormControl>
  );
}
