import { z } from 'zod';
import {
  contactChannels,
  contactPurposes,
  type ContactChannel,
  type ContactPreferenceChoices,
  type ContactPurpose,
} from './contact-preference-rules.ts';

/** Contact preferences as one yes/no per purpose × channel (R3.4). */
export const contactPreferenceChoicesSchema = z.object(
  Object.fromEntries(
    contactPurposes.map((purpose) => [
      purpose,
      z.object(Object.fromEntries(contactChannels.map((channel) => [channel, z.boolean()]))),
    ]),
  ) as Record<ContactPurpose, z.ZodObject<Record<ContactChannel, z.ZodBoolean>>>,
) satisfies z.ZodType<ContactPreferenceChoices>;

/** GET /client/contact-preferences: the choices and when they were last confirmed. */
export const contactPreferencesResponseSchema = z.object({
  preferences: contactPreferenceChoicesSchema,
  /** ISO 8601; null when never confirmed. Set on every save, changed or not. */
  lastConfirmedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Never confirmed, or last confirmed more than 24 months ago (the profile's flag). */
  requireContactPreferencesUpdate: z.boolean(),
});
export type ContactPreferencesResponse = z.infer<typeof contactPreferencesResponseSchema>;

/** PUT /client/contact-preferences: every purpose × channel, all at once (saving unchanged confirms). */
export const updateContactPreferencesBodySchema = z.object({ preferences: contactPreferenceChoicesSchema });
export type UpdateContactPreferencesBody = z.infer<typeof updateContactPreferencesBodySchema>;

export * from './contact-preference-rules.ts';
