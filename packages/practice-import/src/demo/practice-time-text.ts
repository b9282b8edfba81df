import { clockTime, isoDay, practiceOffset, practiceWallTime } from '@vet/contracts/practice-clock';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An instant as the export writes it: the practice's wall clock with the UK offset of that moment
 * (`2026-11-24T09:00:00+00:00`, `2027-04-06T09:00:00+01:00`), as a practice system in the UK would.
 */
export function practiceInstantText(instant: Date): string {
  const wall = practiceWallTime(instant);
  const offsetMinutes = practiceOffset(instant.getTime()) / 60_000;
  const sign = offsetMinutes < 0 ? '-' : '+';
  const offset = `${sign}${pad(Math.floor(Math.abs(offsetMinutes) / 60))}:${pad(Math.abs(offsetMinutes) % 60)}`;
  return `${isoDay(wall)}T${clockTime(wall)}:${pad(instant.getUTCSeconds())}${offset}`;
}
