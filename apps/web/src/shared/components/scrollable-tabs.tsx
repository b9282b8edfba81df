'use client';

import KeyboardArrowLeft from '@mui/icons-material/KeyboardArrowLeft';
import KeyboardArrowRight from '@mui/icons-material/KeyboardArrowRight';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface ScrollableTab {
  /** The tab element's id (its panel's aria-labelledby). */
  id: string;
  /** What the tab shows. */
  label: ReactNode;
  /** What a screen reader says for the tab. */
  accessibleName: string;
}

export interface ScrollableTabsProps {
  /** Names the tab list. */
  label: string;
  tabs: readonly ScrollableTab[];
  selected: number;
  onSelect: (index: number) => void;
  /** The id of the one panel every tab controls. */
  panelId: string;
  /** The least width of a tab, in px. */
  minTabWidth?: number;
}

const keyMoves: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * A row of tabs wider than the screen, as WAI-ARIA's tabs pattern with automatic activation: one Tab
 * stop (the selected tab), the arrow keys move to the next or previous tab (wrapping), Home and End to
 * the ends, and the tab under the focus is selected. The row scrolls sideways (a swipe, a trackpad, the
 * two arrow buttons for a mouse) and keeps the selected tab in view. The arrow buttons are for pointers
 * only (the keyboard has the arrow keys), so they are neither focusable nor read out.
 *
 * Instead of Material UI's Tabs, which bring their indicator's animation, scroll-button and
 * roving-focus machinery (about 6 kB compressed) to the pages that book: decision 0039.
 */
export function ScrollableTabs({
  label,
  tabs,
  selected,
  onSelect,
  panelId,
  minTabWidth = 76,
}: ScrollableTabsProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const [canScroll, setCanScroll] = useState({ back: false, forward: false });

  const measure = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    const back = element.scrollLeft > 1;
    const forward = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
    setCanScroll((current) =>
      current.back === back && current.forward === forward ? current : { back, forward },
    );
  }, []);

  useEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure, tabs.length]);

  // The selected tab in view, whichever way it was chosen.
  useEffect(() => {
    const element = scroller.current;
    const tab = tabRefs.current[selected];
    if (!element || !tab) return;
    const start = tab.offsetLeft;
    const end = start + tab.offsetWidth;
    if (start < element.scrollLeft) element.scrollLeft = start;
    else if (end > element.scrollLeft + element.clientWidth) element.scrollLeft = end - element.clientWidth;
    measure();
  }, [selected, measure]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = keyMoves[event.key];
    if (!move || tabs.length === 0) return;
    event.preventDefault();
    const next = move(selected, tabs.length);
    tabRefs.current[next]?.focus();
    if (next !== selected) onSelect(next);
  };

  const scrollBy = (direction: 1 | -1) => {
    const element = scroller.current;
    if (element) element.scrollLeft += direction * element.clientWidth * 0.8;
  };

  return (
    <Box sx={{ display: 'flex', borderBottom: 1, borderColor: 'divider' }}>
      <ScrollButton direction={-1} enabled={canScroll.back} onClick={() => scrollBy(-1)} />
      <Box
        ref={scroller}
        onScroll={measure}
        sx={{
          flex: 1,
          position: 'relative',
          overflowX: 'auto',
          scrollbarWidth: 'none',
          '&::-webkit-scrollbar': { display: 'none' },
          '@media (prefers-reduced-motion: no-preference)': { scrollBehavior: 'smooth' },
        }}
      >
        <Box role="tablist" aria-label={label} onKeyDown={onKeyDown} sx={{ display: 'flex' }}>
          {tabs.map((tab, index) => {
            const isSelected = index === selected;
            return (
              <ButtonBase
                key={tab.id}
                ref={(element: HTMLButtonElement | null) => {
                  tabRefs.current[index] = element;
                }}
                id={tab.id}
                role="tab"
                aria-selected={isSelected}
                aria-controls={panelId}
                aria-label={tab.accessibleName}
                tabIndex={isSelected ? 0 : -1}
                onClick={() => onSelect(index)}
                sx={{
                  flexShrink: 0,
                  minWidth: minTabWidth,
                  minHeight: 48,
                  px: 1,
                  py: 1.5,
                  typography: 'button',
                  color: isSelected ? 'primary.main' : 'text.secondary',
                  // The selected tab's underline (Material UI's indicator, without its slide).
                  '&::after': isSelected
                    ? {
                        content: '""',
                        position: 'absolute',
                        insetInline: 0,
                        bottom: 0,
                        height: 2,
                        bgcolor: 'primary.main',
                      }
                    : undefined,
                  // Inside the ring, which the scrolling row would otherwise cut at its top and bottom.
                  // (Doubled to outrank the baseline's ring for [tabindex] elements.)
                  '&&.Mui-focusVisible': { outlineOffset: '-2px' },
                }}
              >
                {tab.label}
              </ButtonBase>
            );
          })}
        </Box>
      </Box>
      <ScrollButton direction={1} enabled={canScroll.forward} onClick={() => scrollBy(1)} />
    </Box>
  );
}

/** A pointer's way to scroll the row: hidden (keeping its place) when there is nothing that way. */
function ScrollButton({
  direction,
  enabled,
  onClick,
}: {
  direction: 1 | -1;
  enabled: boolean;
  onClick: () => void;
}) {
  const Icon = direction === 1 ? KeyboardArrowRight : KeyboardArrowLeft;
  return (
    <Box
      aria-hidden
      onClick={enabled ? onClick : undefined}
      sx={{
        flexShrink: 0,
        width: 40,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        cursor: enabled ? 'pointer' : 'default',
        opacity: enabled ? 0.8 : 0,
        '&:hover': { opacity: enabled ? 1 : 0 },
      }}
    >
      <Icon fontSize="small" />
    </Box>
  );
}
