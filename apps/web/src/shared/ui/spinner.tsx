import styles from './spinner.module.css';
import { cx } from './cx';

export interface SpinnerProps {
  /** Its width and height in px: 40 unless given. */
  size?: number;
  color?: 'primary' | 'inherit';
  className?: string;
}

const SIZE = 44;
const THICKNESS = 3.6;

/**
 * A spinning arc (decision 0050), decoration only: hidden from assistive technology, so the status
 * around it names what is loading (LoadingSpinner).
 */
export function Spinner({ size = 40, color = 'primary', className }: SpinnerProps) {
  return (
    <span
      aria-hidden="true"
      className={cx(styles.root, color === 'inherit' && styles.inherit, className)}
      style={{ width: size, height: size }}
    >
      <svg className={styles.svg} viewBox={`${SIZE / 2} ${SIZE / 2} ${SIZE} ${SIZE}`}>
        <circle
          className={styles.circle}
          cx={SIZE}
          cy={SIZE}
          r={(SIZE - THICKNESS) / 2}
          fill="none"
          strokeWidth={THICKNESS}
        />
      </svg>
    </span>
  );
}
