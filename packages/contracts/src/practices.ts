import { z } from 'zod';
import { serialIdParam } from './ids.ts';

export const practiceIdParamsSchema = z.object({
  practiceId: serialIdParam,
});

export const onlinePracticeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  town: z.string(),
  postcode: z.string(),
  onlineRegistrationAvailable: z.boolean(),
});
export type OnlinePractice = z.infer<typeof onlinePracticeSchema>;
export const onlinePracticesResponseSchema = z.array(onlinePracticeSchema);

/** R3.10: practice feature settings are pairs of featureKey and value. */
export const featureToggleSchema = z.object({ featureKey: z.string(), value: z.string() });
export type FeatureToggle = z.infer<typeof featureToggleSchema>;
export const featureTogglesResponseSchema = z.array(featureToggleSchema);

/**
 * The practices are in the UK: appointment times read as the practice's clock shows them, and "today"
 * (a pet's date of birth) is the practice's day, whatever the device or server says.
 */
export const practiceTimeZone = 'Europe/London';

/** The feature keys the portal reads (R3.10). */
export const featureKeys = {
  onlineBooking: 'Online Booking Enabled',
  onlinePetRegistration: 'online-register-pet-enabled',
} as const;

/** 'Online Booking Enabled' is on when its value is True; pet registration when True or true (R3.10). */
export function isFeatureEnabled(toggles: readonly FeatureToggle[], key: string): boolean {
  const value = toggles.find((t) => t.featureKey === key)?.value;
  if (key === featureKeys.onlineBooking) return value === 'True';
  return value === 'True' || value === 'true';
}
