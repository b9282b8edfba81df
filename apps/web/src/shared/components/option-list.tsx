'use client';

import { useId, type ReactNode } from 'react';
import { visibleFieldError } from '@/shared/forms/field-rules';
import { ChoiceLabel, Radio } from '@/shared/ui/choice';
import { cx } from '@/shared/ui/cx';
import styles from './option-list.module.css';

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
    <fieldset className={cx(styles.root, invalid && styles.invalid)}>
      <legend className={styles.legend}>
        {legend}
        {required && (
          <span aria-hidden="true" className={styles.asterisk}>
            {'\u2009*'}
          </span>
        )}
      </legend>
      <div
        role="radiogroup"
        className={styles.rows}
        aria-describedby={invalid ? errorId : undefined}
        aria-invalid={invalid || undefined}
        onBlur={onBlur}
      >
        {options.map((option) => (
          <ChoiceLabel
            key={option.value}
            className={cx(styles.row, option.value === value && styles.selected)}
            control={
              <Radio
                name={name}
                value={option.value}
                checked={option.value === value}
                disabled={option.disabled}
                required={required}
                onChange={(event) => onChange(event.target.value)}
              />
            }
            label={option.label}
          />
        ))}
      </div>
      {invalid && (
        <p id={errorId} className={styles.error}>
          {errorText}
        </p>
      )}
    </fieldset>
  );
}
