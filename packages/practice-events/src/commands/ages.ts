/** Ages as an operator types and reads them: `30m`, `24h`, `7d`. */

const unitMs = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** The largest age accepted: ten years, far past anything worth chasing, and well within a Date. */
const maxAgeMs = 3650 * unitMs.d;

export const ageFormat = 'a whole number of minutes, hours or days, such as 30m, 24h or 7d';

/** Milliseconds, or undefined when the text is not an age (`24h`, `30m`, `7d`). */
export function parseAge(text: string): number | undefined {
  const match = /^(\d{1,7})([mhd])$/.exec(text.trim());
  if (!match) return undefined;
  const ms = Number(match[1]) * unitMs[match[2] as keyof typeof unitMs];
  return ms <= maxAgeMs ? ms : undefined;
}

/** An age to read at a glance: `3d 4h`, `5h 12m`, `45m` (rounded down to the minute). */
export function formatAge(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / unitMs.m));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${rest}m`;
  return `${rest}m`;
}
