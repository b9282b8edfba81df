import { Spinner } from '@/shared/ui/spinner';
import styles from './loading-spinner.module.css';

export interface LoadingSpinnerProps {
  /** R9.11: 50vh by default; the sign-in redirect screens use 500px. */
  height?: number | string;
  label?: string;
}

/** A spinner centred in the area, announced as a status named "Loading". */
export function LoadingSpinner({ height = '50vh', label = 'Loading' }: LoadingSpinnerProps) {
  return (
    <div role="status" aria-label={label} className={styles.root} style={{ height }}>
      <Spinner />
    </div>
  );
}
