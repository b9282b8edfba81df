'use client';

import {
  useId,
  useMemo,
  useState,
  type ChangeEvent,
  type ChangeEventHandler,
  type FocusEvent,
  type FocusEventHandler,
  type InputHTMLAttributes,
  type KeyboardEventHandler,
  type LabelHTMLAttributes,
  type ReactNode,
  type Ref,
} from 'react';
import { ArrowDropDownIcon } from '@/shared/ui/icons';
import { cx } from '@/shared/ui/cx';
import { mergeRefs } from '@/shared/ui/merge-refs';
import styles from './text-field.module.css';

type FieldElement = HTMLInputElement | HTMLSelectElement;

export interface TextFieldProps {
  id?: string;
  name?: string;
  label?: ReactNode;
  value?: string | number | null;
  onChange?: ChangeEventHandler<FieldElement>;
  onBlur?: FocusEventHandler<FieldElement>;
  onFocus?: FocusEventHandler<FieldElement>;
  /** On the whole field (the autocomplete's keys reach it from the input). */
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
  inputRef?: Ref<FieldElement>;
  className?: string;
  /** A native <select> of the `<option>` children. */
  select?: boolean;
  children?: ReactNode;
  /** Keeps the label above the box: a date input shows its own placeholder (dd/mm/yyyy). */
  shrinkLabel?: boolean;
  /** At the end of the box, as given (wrap a button in InputAdornment to sit it in the row). */
  endAdornment?: ReactNode;
  /** More attributes of the input itself (min, max, maxLength, inputMode, an autocomplete's props). */
  inputProps?: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };
  /** The box around the input (the autocomplete places its list against it). */
  inputRootRef?: Ref<HTMLDivElement>;
  inputRootClassName?: string;
  /** The label's id and `for` when something else owns them (the autocomplete). */
  labelProps?: LabelHTMLAttributes<HTMLLabelElement>;
  helperTextClassName?: string;
  /** Rendered between the input and the helper text (an autocomplete's list, placed under the input). */
  afterInput?: ReactNode;
}

const hasValue = (value: string | number | readonly string[] | null | undefined) =>
  value !== undefined && value !== null && String(value) !== '';

/**
 * Material's outlined text field in the portal's own markup and static CSS (decision 0050): the label
 * is the input's `<label>`, the helper or error text its description (`${id}-helper-text` in
 * aria-describedby), `aria-invalid` with `error`, the native `required`. With `select` the input is a
 * native `<select>` (the phone's own picker, decision 0035). The label shrinks into the outline's notch
 * once the field is focused or holds a value.
 */
export function TextField(props: TextFieldProps) {
  const {
    id: idOverride,
    label,
    helperText,
    select = false,
    children,
    error = false,
    required = false,
    disabled = false,
    fullWidth = false,
    shrinkLabel = false,
    className,
    onKeyDown,
    afterInput,
    endAdornment,
    inputProps = {},
    inputRootRef,
    inputRootClassName,
    labelProps,
    helperTextClassName,
    inputRef,
    onChange,
    onFocus,
    onBlur,
    value,
    ...inputOwn
  } = props;
  const generatedId = useId();
  const id = idOverride ?? generatedId;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  const hasLabel = label != null && label !== '';
  const [focused, setFocused] = useState(false);
  const controlledValue = value !== undefined ? value : inputProps.value;
  const [typedFilled, setTypedFilled] = useState(false);
  const filled = controlledValue !== undefined ? hasValue(controlledValue) : typedFilled;
  const shrunk = shrinkLabel || focused || filled;

  const { ref: inputPropsRef, className: inputClassName, ...inputAttributes } = inputProps;
  const ref = useMemo(
    () => mergeRefs(inputRef, inputPropsRef as Ref<FieldElement> | undefined),
    [inputRef, inputPropsRef],
  );
  const fieldProps = {
    'aria-invalid': error,
    'aria-describedby': helperTextId,
    id,
    required,
    disabled,
    ...inputOwn,
    ...inputAttributes,
    ...(value !== undefined ? { value: value ?? '' } : {}),
    ref,
    className: cx(styles.input, select && styles.select, inputClassName),
    onChange: (event: ChangeEvent<FieldElement>) => {
      setTypedFilled(event.target.value !== '');
      onChange?.(event);
      inputAttributes.onChange?.(event as ChangeEvent<HTMLInputElement>);
    },
    onFocus: (event: FocusEvent<FieldElement>) => {
      setFocused(true);
      onFocus?.(event);
      inputAttributes.onFocus?.(event as FocusEvent<HTMLInputElement>);
    },
    onBlur: (event: FocusEvent<FieldElement>) => {
      setFocused(false);
      onBlur?.(event);
      inputAttributes.onBlur?.(event as FocusEvent<HTMLInputElement>);
    },
  };
  return (
    <div
      className={cx(
        styles.root,
        fullWidth && styles.fullWidth,
        focused && styles.focused,
        error && styles.error,
        disabled && styles.disabled,
        className,
      )}
      onKeyDown={onKeyDown}
    >
      {hasLabel && (
        <label
          htmlFor={id}
          id={`${id}-label`}
          data-shrink={shrunk}
          {...labelProps}
          className={cx(styles.label, shrunk && styles.shrunk)}
        >
          {label}
          {required && (
            <span aria-hidden="true" className={styles.asterisk}>
              {'\u2009*'}
            </span>
          )}
        </label>
      )}
      <div
        ref={inputRootRef}
        className={cx(styles.inputRoot, endAdornment != null && styles.withEndAdornment, inputRootClassName)}
      >
        {select ? (
          <>
            <select {...(fieldProps as InputHTMLAttributes<HTMLSelectElement>)}>{children}</select>
            <ArrowDropDownIcon className={styles.selectIcon} />
          </>
        ) : (
          <input {...fieldProps} />
        )}
        {endAdornment}
        <fieldset aria-hidden="true" className={styles.outline}>
          {hasLabel ? (
            <legend className={cx(styles.legend, shrunk && styles.notched)}>
              <span>
                {label}
                {required && '\u2009*'}
              </span>
            </legend>
          ) : (
            <legend className={styles.legendEmpty}>
              <span>{'\u200b'}</span>
            </legend>
          )}
        </fieldset>
      </div>
      {afterInput}
      {helperText && (
        <p id={helperTextId} className={cx(styles.helperText, helperTextClassName)}>
          {helperText}
        </p>
      )}
    </div>
  );
}

/** Sits a control (a show-password button) at the end of a text field's row, as Material's adornment. */
export function InputAdornment({ children }: { children: ReactNode }) {
  return <div className={styles.adornment}>{children}</div>;
}
