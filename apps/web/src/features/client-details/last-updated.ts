import { monthNames, practiceWallTime } from '@vet/contracts/practice-clock';

/** "Last updated 23 November 2026" (UK time), or that the preferences were never confirmed. */
export function lastUpdatedText(lastConfirmedAt: string | null): string {
  if (lastConfirmedAt === null) return 'You have not confirmed your contact preferences yet.';
  const { day, month, year } = practiceWallTime(new Date(lastConfirmedAt));
  return `Last updated ${day} ${monthNames[month - 1]} ${year}`;
}
