import { z } from 'zod';
import { practiceSystemRefSchema } from './practice-system-ref.ts';

/** POST /integration/v1/clients/{client_ref}/invitations: the client by the practice system's reference. */
export const clientRefParamsSchema = z.object({ client_ref: practiceSystemRefSchema });

/**
 * `replace=true`: a new invitation and e-mail even when one is live (the client lost the e-mail); without
 * it, a live invitation is the answer and nothing is sent again (a retried call e-mails nobody twice).
 */
export const invitationQuerySchema = z.strictObject({
  replace: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

/**
 * The invitation issued (R4.18): the code travels only in the e-mail to the client, never in this answer,
 * so whoever reads the practice system's logs cannot link an account to the client's record.
 */
export const clientInvitationSchema = z.object({
  client_ref: z.string(),
  /** issued: a new invitation, e-mailed now (201); live: the unused one already sent stands (200). */
  outcome: z.enum(['issued', 'live']),
  /** When the invitation's link stops working (30 days on). */
  expires_at: z.iso.datetime({ offset: true }),
});
export type ClientInvitation = z.infer<typeof clientInvitationSchema>;
