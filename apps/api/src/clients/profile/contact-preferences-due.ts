/** Contact preferences are asked for again when not confirmed for this long (R3.4). */
export const CONTACT_PREFERENCES_VALID_MONTHS = 24;

/**
 * Whether the client must confirm their contact preferences again: never confirmed, or last confirmed more
 * than 24 calendar months before `now` (exactly 24 months ago is still current).
 */
export function isContactPreferencesUpdateDue(confirmedAt: Date | null, now: Date): boolean {
  if (confirmedAt === null) return true;
  const oldestCurrent = new Date(now);
  oldestCurrent.setUTCMonth(oldestCurrent.getUTCMonth() - CONTACT_PREFERENCES_VALID_MONTHS);
  return confirmedAt.getTime() < oldestCurrent.getTime();
}
