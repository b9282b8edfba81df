import { z } from 'zod';

/**
 * R3.4: each purpose × channel is a yes or no. `reminders` are vaccination,
 * treatment and appointment reminders; `marketing` is offers and news (opt-in).
 */
export const contactPurposes = ['reminders', 'marketing'] as const;
export const contactChannels = ['email', 'sms', 'phone', 'post'] as const;

export type ContactPurpose = (typeof contactPurposes)[number];
export type ContactChannel = (typeof contactChannels)[number];

/** Contact preferences as one yes/no per purpose × channel (R3.4). */
export const contactPreferenceChoicesSchema = z.object(
  Object.fromEntries(
    contactPurposes.map((purpose) => [
      purpose,
      z.object(Object.fromEntries(contactChannels.map((channel) => [channel, z.boolean()]))),
    ]),
  ) as Record<ContactPurpose, z.ZodObject<Record<ContactChannel, z.ZodBoolean>>>,
);
export type ContactPreferenceChoices = z.infer<typeof contactPreferenceChoicesSchema>;

/**
 * Service messages (appointment confirmations, changes and cancellations, verification codes) are part of
 * the service the client asked for, not a preference: they always go by e-mail and cannot be switched off
 * (docs/decisions/0019). Said on the preferences page, in these words.
 */
export const serviceMessagesNote =
  'Service messages, such as confirmations of appointments you book, change or cancel, are always sent to ' +
  'your e-mail address. They are part of the service, not marketing, so they cannot be switched off here.';

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
