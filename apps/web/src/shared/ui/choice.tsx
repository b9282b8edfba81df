import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import styles from './choice.module.css';
import { cx } from './cx';

type ChoiceInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  ref?: Ref<HTMLInputElement>;
};

/** A native radio button drawn as Material's (decision 0050): Tab and the arrow keys are the browser's. */
export function Radio({ className, ...props }: ChoiceInputProps) {
  return (
    <span className={styles.control}>
      <input type="radio" {...props} className={cx(styles.radio, className)} />
    </span>
  );
}

/** A native checkbox drawn as Material's (decision 0050). */
export function Checkbox({ className, ...props }: ChoiceInputProps) {
  return (
    <span className={styles.control}>
      <input type="checkbox" {...props} className={cx(styles.checkbox, className)} />
      <svg className={styles.mark} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z" />
      </svg>
    </span>
  );
}

export interface ChoiceLabelProps {
  /** A Radio or Checkbox. */
  control: ReactNode;
  label: ReactNode;
  className?: string;
  htmlFor?: string;
}

/** A radio or checkbox with its text, one `<label>` around both, so the text checks it too. */
export function ChoiceLabel({ control, label, className, htmlFor }: ChoiceLabelProps) {
  return (
    <label className={cx(styles.label, className)} htmlFor={htmlFor}>
      {control}
      <span>{label}</span>
    </label>
  );
}
