'use client';

import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import { usePathname } from 'next/navigation';
import { useEffect, useSyncExternalStore } from 'react';
import { endNavigation, isNavigationPending, subscribeToNavigation } from './navigation-progress';

/** Shown only once a move takes this long, so that a quick one does not flash. */
export const progressDelayMs = 200;

const appear = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const travel = keyframes({ from: { transform: 'translateX(-100%)' }, to: { transform: 'translateX(250%)' } });

/**
 * A thin bar across the top of the window while the page a link (or the code) opens is on its way
 * (decision 0047): on a slow connection a tap otherwise shows nothing until the new page arrives. The new
 * page's address ends it.
 */
export function NavigationProgressBar() {
  const pending = useSyncExternalStore(subscribeToNavigation, isNavigationPending, () => false);
  const pathname = usePathname();
  useEffect(() => {
    endNavigation();
  }, [pathname]);
  if (!pending) return null;
  return (
    <Box
      role="progressbar"
      aria-label="Loading the page"
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        height: 4,
        zIndex: 'tooltip',
        overflow: 'hidden',
        pointerEvents: 'none',
        bgcolor: 'grey.200',
        opacity: 0,
        animation: `${appear} 1ms linear ${progressDelayMs}ms forwards`,
        '&::after': {
          content: '""',
          position: 'absolute',
          inset: 0,
          width: '40%',
          bgcolor: 'secondary.main',
          animation: `${travel} 1.2s ease-in-out infinite`,
        },
        '@media (prefers-reduced-motion: reduce)': {
          '&::after': { width: '100%', animation: 'none' },
        },
      }}
    />
  );
}
