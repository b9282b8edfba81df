'use client';

import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, following it as the window changes. False on the server and
 * while hydrating, as layout that differs by width is CSS's job; this is for behaviour (closing the
 * drawer on a wide window, R2.8).
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (!window.matchMedia) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}
