import { cx } from '@/shared/ui/cx';
import styles from './status-chip.module.css';

export interface StatusChipProps {
  label: string;
  /** Outlined (a pet's state) or filled (a practice's note). */
  variant?: 'outlined' | 'filled';
  size?: 'medium' | 'small';
  /** Its place among its neighbours (margins). */
  className?: string;
}

/**
 * A short status in a pill ("Deceased", "Online registration unavailable"), drawn as Material UI's
 * Chip draws a label-only chip (R9.14: 32 px high, 24 when small; the same border, fill and type). It
 * is text, nothing to press (decision 0039).
 */
export function StatusChip({ label, variant = 'filled', size = 'medium', className }: StatusChipProps) {
  return (
    <span
      className={cx(
        'StatusChip-root',
        styles.root,
        styles[variant],
        size === 'small' && styles.small,
        className,
      )}
    >
      <span className={cx('StatusChip-label', styles.label)}>{label}</span>
    </span>
  );
}
