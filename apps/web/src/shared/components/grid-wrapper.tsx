import type { CSSProperties, ReactNode } from 'react';
import { Skeleton } from '@/shared/ui/skeleton';
import styles from './grid-wrapper.module.css';

/** R9.12: 3 placeholder skeletons, 118 high. */
export const gridSkeletonCount = 3;
export const gridSkeletonHeight = 118;

export interface GridWrapperProps {
  loading: boolean;
  children: ReactNode;
  /** What is loading, for screen readers ("Loading pets"). */
  loadingLabel?: string;
  /** The narrowest a column gets before the grid drops a column. */
  minColumnWidth?: number;
}

/** R2.22: the grid wrapper; placeholders while loading, else the children in a responsive grid. */
export function GridWrapper({
  loading,
  children,
  loadingLabel = 'Loading',
  minColumnWidth = 280,
}: GridWrapperProps) {
  const columns = { '--min-column': `${minColumnWidth}px` } as CSSProperties;
  if (loading) {
    return (
      <div className={styles.grid} style={columns} aria-busy="true">
        <div role="status" className="visually-hidden">
          {loadingLabel}
        </div>
        {Array.from({ length: gridSkeletonCount }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={gridSkeletonHeight} />
        ))}
      </div>
    );
  }
  return (
    <div className={styles.grid} style={columns}>
      {children}
    </div>
  );
}
