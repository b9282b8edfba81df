'use client';

import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from '@/shared/ui/cx';
import { KeyboardArrowLeftIcon, KeyboardArrowRightIcon } from '@/shared/ui/icons';
import styles from './scrollable-tabs.module.css';

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
    <div className={styles.root}>
      <ScrollButton direction={-1} enabled={canScroll.back} onClick={() => scrollBy(-1)} />
      <div ref={scroller} onScroll={measure} className={styles.scroller}>
        <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className={styles.tablist}>
          {tabs.map((tab, index) => {
            const isSelected = index === selected;
            return (
              <button
                type="button"
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
                className={cx(styles.tab, isSelected && styles.selected)}
                style={{ minWidth: minTabWidth }}
              >
                {tab.label}
              </button>
            );
          })}
        </div>
      </div>
      <ScrollButton direction={1} enabled={canScroll.forward} onClick={() => scrollBy(1)} />
    </div>
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
  const Icon = direction === 1 ? KeyboardArrowRightIcon : KeyboardArrowLeftIcon;
  return (
    <div
      aria-hidden
      onClick={enabled ? onClick : undefined}
      className={cx(styles.scrollButton, enabled && styles.scrollButtonEnabled)}
    >
      <Icon fontSize="small" />
    </div>
  );
}
