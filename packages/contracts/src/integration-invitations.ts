import { z } from 'zod';
import { practiceSystemRefSchema } from './practice-system-ref.ts';

/** POST /integration/v1/clients/{client_ref}/invitations: the client by the practice system's reference. */
export const clientRefParamsSchema = z.object({ client_ref: practiceSystemRefSchema });

/**
 * The invitation issued (R4.18): the code travels only in the e-mail to the client, never in this answer,
 * so whoever reads the practice system's logs cannot link an account to the client's record.
 */
export const clientInvitationSchema = z.object({
  client_ref: z.string(),
  /** When the invitation's link stops working (30 days on). */
  expires_at: z.iso.datetime({ offset: true }),
});
export type ClientInvitation = z.infer<typeof clientInvitationSchema>;
