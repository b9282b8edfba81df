import type { CSSProperties } from 'react';
import styles from './skeleton.module.css';
import { cx } from './cx';

export interface SkeletonProps {
  variant?: 'text' | 'rectangular' | 'rounded' | 'circular';
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  className?: string;
}

/** A placeholder for content on its way (decision 0050); hidden from assistive technology. */
export function Skeleton({ variant = 'text', width, height, className }: SkeletonProps) {
  return (
    <span
      aria-hidden="true"
      // How an end-to-end test finds a placeholder whatever the build names its class.
      data-skeleton=""
      className={cx(styles.root, variant !== 'rectangular' && styles[variant], className)}
      style={{ width, height }}
    />
  );
}
