import { useLayoutEffect, useState } from 'react';

/** How far an outlined field's label rises above the input's top edge (half its 0.75rem line, rounded up). */
export const labelOverhangPx = 10;

/**
 * Whether the open list goes above the input rather than under it: when it does not fit between the
 * input and the bottom of what the person can see (on a phone, the keyboard's top edge: the visual
 * viewport) and there is more room above, as MUI's Popper flips it. Measured on opening and again when
 * the visible area changes (the keyboard opens, the page scrolls).
 */
export function useListAbove(open: boolean, anchor: HTMLElement | null, list: HTMLElement | null): boolean {
  const [above, setAbove] = useState(false);
  useLayoutEffect(() => {
    if (!open || !anchor || !list) return;
    const viewport = window.visualViewport;
    const place = () => {
      const { top, bottom } = anchor.getBoundingClientRect();
      const visibleTop = viewport?.offsetTop ?? 0;
      const visibleBottom = visibleTop + (viewport?.height ?? window.innerHeight);
      const roomBelow = visibleBottom - bottom;
      const roomAbove = top - visibleTop;
      setAbove(list.offsetHeight > roomBelow && roomAbove > roomBelow);
    };
    place();
    viewport?.addEventListener('resize', place);
    window.addEventListener('scroll', place, { passive: true });
    return () => {
      viewport?.removeEventListener('resize', place);
      window.removeEventListener('scroll', place);
    };
  }, [open, anchor, list]);
  return open && above;
}
