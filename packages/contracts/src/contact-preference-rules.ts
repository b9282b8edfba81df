/**
 * The contact preferences' purposes, channels and words that screens share with the API, without zod: the
 * browser loads this module, not the schemas (decision 0032). `./contact-preferences.ts` re-exports it.
 */

/**
 * R3.4: each purpose × channel is a yes or no. `reminders` are vaccination,
 * treatment and appointment reminders; `marketing` is offers and news (opt-in); `messages` is being told
 * that the practice answered a message (issue 66, decision 0168: e-mail unless switched off, text by choice).
 */
export const contactPurposes = ['reminders', 'marketing', 'messages'] as const;
export const contactChannels = ['email', 'sms', 'phone', 'post'] as const;

export type ContactPurpose = (typeof contactPurposes)[number];
export type ContactChannel = (typeof contactChannels)[number];

/** Contact preferences as one yes/no per purpose × channel (R3.4); the schema's type. */
export type ContactPreferenceChoices = Record<ContactPurpose, Record<ContactChannel, boolean>>;

/**
 * Service messages (appointment confirmations, changes and cancellations, verification codes) are part of
 * the service the client asked for, not a preference: they always go by e-mail and cannot be switched off
 * (docs/decisions/0019). Said on the preferences page, in these words.
 */
export const serviceMessagesNote =
  'Service messages, such as confirmations of appointments you book, change or cancel, are always sent to ' +
  'your e-mail address. They are part of the service, not marketing, so they cannot be switched off here.';
