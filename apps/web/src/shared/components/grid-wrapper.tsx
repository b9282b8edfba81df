import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import type { ReactNode } from 'react';
import { visuallyHidden } from '@/shared/theme/visually-hidden';

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
  const gridSx = {
    display: 'grid',
    gap: 2,
    gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, ${minColumnWidth}px), 1fr))`,
  };
  if (loading) {
    return (
      <Box sx={gridSx} aria-busy="true">
        <Box role="status" sx={visuallyHidden}>
          {loadingLabel}
        </Box>
        {Array.from({ length: gridSkeletonCount }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={gridSkeletonHeight} />
        ))}
      </Box>
    );
  }
  return <Box sx={gridSx}>{children}</Box>;
}
