/**
 * Whether a move to another page is on its way (decision 0047): begun by the link or the code that
 * started it, ended by the new page (the address changes), by its starter once the move is over, or,
 * should neither come (the link gone with a closed menu, and the move cancelled), after `giveUpAfterMs`.
 */
export const giveUpAfterMs = 15_000;

const listeners = new Set<() => void>();
let pending = false;
let giveUp: ReturnType<typeof setTimeout> | undefined;
/** The latest move's number: a starter ends only its own move, not one begun after it. */
let latest = 0;

function set(next: boolean): void {
  clearTimeout(giveUp);
  if (next) giveUp = setTimeout(() => set(false), giveUpAfterMs);
  if (pending === next) return;
  pending = next;
  listeners.forEach((listener) => listener());
}

/** Begins a move; the number it returns ends that move only. */
export function beginNavigation(): number {
  latest += 1;
  set(true);
  return latest;
}

/** Ends the move numbered `move`, if no other has begun since; without a number, whatever is on. */
export function endNavigation(move?: number): void {
  if (move === undefined || move === latest) set(false);
}

export function isNavigationPending(): boolean {
  return pending;
}

/** Whether `href` names the page this tab shows now (its path and query), where a move goes nowhere. */
export function isHere(href: string): boolean {
  const target = new URL(href, window.location.href);
  return target.pathname === window.location.pathname && target.search === window.location.search;
}

export function subscribeToNavigation(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
