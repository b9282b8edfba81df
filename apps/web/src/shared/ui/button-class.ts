import buttonBase from './button-base.module.css';
import styles from './button.module.css';
import { cx } from './cx';

/** How a button looks: Material's three variants (text only by default), its colour and size. */
export interface ButtonLook {
  variant?: 'contained' | 'outlined' | 'text';
  color?: 'primary' | 'secondary' | 'inherit';
  size?: 'small' | 'medium' | 'large';
  fullWidth?: boolean;
  disabled?: boolean;
}

/**
 * The classes of a button of this look, for `Button` and for elements that must look like one without
 * its script (ButtonAnchor: the error and not-found screens, which every page's scripts carry).
 */
export function buttonClassName({
  variant = 'text',
  color = 'primary',
  size = 'medium',
  fullWidth = false,
  disabled = false,
}: ButtonLook): string {
  return cx(
    buttonBase.base,
    styles.root,
    styles[variant],
    color !== 'primary' && styles[color],
    size !== 'medium' && styles[size],
    fullWidth && styles.fullWidth,
    disabled && styles.disabled,
  );
}
