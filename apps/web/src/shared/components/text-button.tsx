import { Button, type ButtonProps } from '@/shared/ui/button';
import { cx } from '@/shared/ui/cx';
import styles from './text-button.module.css';

/**
 * R2.25: a text-style button, underlined so it reads as actionable without colour, at least 44px high,
 * flush with the text around it (no side padding).
 */
export function TextButton({ className, ...props }: Omit<ButtonProps, 'variant'>) {
  return <Button variant="text" {...props} className={cx(styles.root, className)} />;
}
