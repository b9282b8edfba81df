/**
 * Whether a move to another page is on its way (decision 0047): begun by the link that started it,
 * ended by the new page (the address changes), by that link once its navigation is over, or, should
 * neither come (the link gone with a closed menu, and the move cancelled), after `giveUpAfterMs`.
 */
export const giveUpAfterMs = 15_000;

const listeners = new Set<() => void>();
let pending = false;
let giveUp: ReturnType<typeof setTimeout> | undefined;

function set(next: boolean): void {
  clearTimeout(giveUp);
  if (next) giveUp = setTimeout(() => set(false), giveUpAfterMs);
  if (pending === next) return;
  pending = next;
  listeners.forEach((listener) => listener());
}

export function beginNavigation(): void {
  set(true);
}

export function endNavigation(): void {
  set(false);
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
