import { z } from 'zod';
import { serialIdParam } from './ids.ts';

/**
 * The development mailbox (R4.26): with no SMTP server configured, outside production, the API keeps every
 * e-mail in its outbox and lists it here, so a person running the portal locally can read the codes and
 * links it sends. The API does not have these routes in production (they answer 404).
 */

/** Where an e-mail is in its delivery; also the outbox's database enum. */
export const emailOutboxStatuses = ['pending', 'sent', 'failed'] as const;

/** The newest messages only: enough for a local run, small enough to read. */
export const devMailboxListLimit = 50;

export const devMailboxMessageSummarySchema = z.object({
  id: z.number().int().positive(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(emailOutboxStatuses),
  /** ISO 8601 instants. */
  createdAt: z.iso.datetime({ offset: true }),
  sentAt: z.iso.datetime({ offset: true }).nullable(),
  /** The verification code the e-mail carries, if any, to show large. */
  code: z.string().nullable(),
});
export type DevMailboxMessageSummary = z.infer<typeof devMailboxMessageSummarySchema>;

/** Newest first, at most `devMailboxListLimit`. */
export const devMailboxListResponseSchema = z.array(devMailboxMessageSummarySchema);

export const devMailboxMessageSchema = devMailboxMessageSummarySchema.extend({
  text: z.string(),
  html: z.string().nullable(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string() })),
  attempts: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
});
export type DevMailboxMessage = z.infer<typeof devMailboxMessageSchema>;

export const devMailboxMessageParamsSchema = z.object({ messageId: serialIdParam });

/**
 * The development SMS outbox (decision 0085): with SMS_PROVIDER unset or `outbox`, outside production, the
 * text messages the portal would send (appointment reminders) are kept and listed beside the e-mails.
 */
export const devSmsSchema = z.object({
  id: z.number().int().positive(),
  /** E.164. */
  to: z.string(),
  body: z.string(),
  status: z.enum(emailOutboxStatuses),
  createdAt: z.iso.datetime({ offset: true }),
  sentAt: z.iso.datetime({ offset: true }).nullable(),
  lastError: z.string().nullable(),
});
export type DevSms = z.infer<typeof devSmsSchema>;

/** GET /dev/sms: newest first, at most `devMailboxListLimit`. */
export const devSmsListResponseSchema = z.array(devSmsSchema);
