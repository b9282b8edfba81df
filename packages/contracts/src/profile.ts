import { z } from 'zod';
import { activationStatuses } from './profile-rules.ts';

export const activationStatusSchema = z.enum(activationStatuses);
export type ActivationStatus = z.infer<typeof activationStatusSchema>;

/**
 * R3.1: the client profile (GET /client/profile, GET /v2/profile) of the signed-in identity. Until the
 * identity is linked to a client record the client fields are null and both flags false.
 */
export const clientProfileSchema = z.object({
  success: z.literal(true),
  clientId: z.number().int().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  homePracticeId: z.number().int().nullable(),
  homePracticeName: z.string().nullable(),
  homePracticePhone: z.string().nullable(),
  /** Contact preferences were never confirmed, or last confirmed more than 24 months ago. */
  requireContactPreferencesUpdate: z.boolean(),
  activationStatus: activationStatusSchema,
  isAppointmentBookingAndPetRegistrationAllowed: z.boolean(),
});
export type ClientProfile = z.infer<typeof clientProfileSchema>;

export * from './profile-rules.ts';
