'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useSyncExternalStore } from 'react';
import styles from './navigation-progress-bar.module.css';
import { endNavigation, isNavigationPending, subscribeToNavigation } from './navigation-progress';

/** Shown only once a move takes this long, so that a quick one does not flash. */
export const progressDelayMs = 200;

/**
 * A thin bar across the top of the window while the page a link (or the code) opens is on its way
 * (decision 0047): on a slow connection a tap otherwise shows nothing until the new page arrives. The new
 * page's address ends it. It is in the page from the start of the move but appears after
 * `progressDelayMs` (its module's animation); a bar that travels, or a still one for those who ask for
 * reduced motion.
 */
export function NavigationProgressBar() {
  const pending = useSyncExternalStore(subscribeToNavigation, isNavigationPending, () => false);
  const pathname = usePathname();
  useEffect(() => {
    endNavigation();
  }, [pathname]);
  if (!pending) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading the page"
      className={styles.bar}
      style={{ animationDelay: `${progressDelayMs}ms` }}
    />
  );
}
