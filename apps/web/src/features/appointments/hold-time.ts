/**
 * What a guest's hold says about the time it has left (WCAG 2.2.1): whole minutes for reading, and the
 * few moments worth announcing to a screen reader (not every second, nor every minute).
 */

/** Minutes left, rounded up: "1 minute left" until the very end, never "0 minutes left" while it lives. */
export function minutesLeft(expiresAt: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 60_000));
}

export function minutesLeftText(minutes: number): string {
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** The hold is close to its end: the page warns and offers more time (at least 20 seconds ahead). */
export const holdWarningMinutes = 2;

/** The moments announced: 5 minutes left, the warning, and the end. Null between them. */
export type HoldMoment = 'five-minutes' | 'warning' | 'ended' | null;

export function holdMoment(expiresAt: string, now: number): HoldMoment {
  const left = Date.parse(expiresAt) - now;
  if (left <= 0) return 'ended';
  if (left <= holdWarningMinutes * 60_000) return 'warning';
  if (left <= 5 * 60_000) return 'five-minutes';
  return null;
}
