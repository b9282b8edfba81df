import { z } from 'zod';
import { serialId } from './ids.ts';

/**
 * Where a signed-in person's link to a client record stands (R2.34, decision 0077), from
 * GET /signup/link-stage. Read from the signed-in identity only: an unlinked person sees a masked address and
 * the practice's public name and phone, never a client record.
 */

/** The practice a stage names: the one the person chose or that invited them, with its public phone. */
export const linkStagePracticeSchema = z.object({
  id: serialId,
  name: z.string(),
  phone: z.string(),
});
export type LinkStagePractice = z.infer<typeof linkStagePracticeSchema>;

export const linkStageSchema = z.discriminatedUnion('stage', [
  /** Linked: nothing to show; the pages send the person to the dashboard. */
  z.object({ stage: z.literal('linked') }),
  /** Nothing under way: the next step is the check ("find your record"). */
  z.object({ stage: z.literal('no-check') }),
  /**
   * A code went to the record's address (masked, `j•••@e•••.co.uk`) at `sentAt`; it works until
   * `expiresAt`. `resendAt` is when "send a new code" is allowed: now or earlier means now; null means not
   * today (the record's 5 sends of 24 hours are used).
   */
  z.object({
    stage: z.literal('code-sent'),
    maskedEmail: z.string(),
    sentAt: z.iso.datetime({ offset: true }),
    expiresAt: z.iso.datetime({ offset: true }),
    resendAt: z.iso.datetime({ offset: true }).nullable(),
  }),
  /** A practice sent an invitation to the person's own address, or they chose to wait for one. */
  z.object({
    stage: z.literal('invitation-expected'),
    reason: z.enum(['invited', 'waiting']),
    practice: linkStagePracticeSchema,
  }),
  /** The check found no record it could link by code: the practice must help. */
  z.object({ stage: z.literal('contact-practice'), practice: linkStagePracticeSchema }),
]);
export type LinkStage = z.infer<typeof linkStageSchema>;

/** PUT /signup/waiting-for-invitation: the person will wait for this practice's invitation. */
export const waitForInvitationBodySchema = z.object({ practiceId: serialId });
export type WaitForInvitationBody = z.infer<typeof waitForInvitationBodySchema>;
