/**
 * The practices' rules that screens share with the API, without zod: the browser loads this module, not
 * the schemas (decision 0032). `./practices.ts` re-exports it.
 */

/**
 * The practices are in the UK: appointment times read as the practice's clock shows them, and "today"
 * (a pet's date of birth) is the practice's day, whatever the device or server says. Defined with the
 * clock itself (practice-clock.ts, decision 0055).
 */
export { practiceTimeZone } from './practice-clock.ts';

/** R3.10: a practice's feature setting, a pair of featureKey and value (practices.ts has its schema). */
export interface FeatureToggle {
  featureKey: string;
  value: string;
}

/** The feature keys the portal reads (R3.10). */
export const featureKeys = {
  onlineBooking: 'Online Booking Enabled',
  onlinePetRegistration: 'online-register-pet-enabled',
  /** Decision 0101: clients may choose a named vet unless the practice sets this to False. */
  namedClinicianBooking: 'named-clinician-booking-enabled',
} as const;

/** 'Online Booking Enabled' is on when its value is True; pet registration when True or true (R3.10). */
export function isFeatureEnabled(toggles: readonly FeatureToggle[], key: string): boolean {
  const value = toggles.find((t) => t.featureKey === key)?.value;
  if (key === featureKeys.onlineBooking) return value === 'True';
  return value === 'True' || value === 'true';
}

/** R6.2, R3.10: the client is allowed to book and the practice has 'Online Booking Enabled' = True. */
export function isOnlineBookingOpen(input: { allowed: boolean; toggles: readonly FeatureToggle[] }): boolean {
  return input.allowed && isFeatureEnabled(input.toggles, featureKeys.onlineBooking);
}

/**
 * Decision 0101: naming a vet is on by default (no setting); a practice switches it off with the value
 * False (or false).
 */
export function isNamedClinicianBookingOn(namingValue: string | null | undefined): boolean {
  return namingValue !== 'False' && namingValue !== 'false';
}
