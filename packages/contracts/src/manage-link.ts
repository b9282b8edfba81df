import { z } from 'zod';
import { serialId } from './ids.ts';
import { clinicianTypes } from './lookups.ts';

const instant = z.iso.datetime({ offset: true });

/**
 * An appointment's manage link (decision 0084): `/manage#<token>`. The token is the link's only key; the
 * page sends it in a POST body, so no address, access log or Referer ever holds it.
 */
export const manageLinkTokenMaxLength = 100;
const token = z.string().min(1).max(manageLinkTokenMaxLength);

export const manageLinkBodySchema = z.object({ token });
export type ManageLinkBody = z.infer<typeof manageLinkBodySchema>;

export const manageLinkCancelBodySchema = z.object({ token, reasonId: serialId });
export type ManageLinkCancelBody = z.infer<typeof manageLinkCancelBodySchema>;

/** The appointment as it is now: what the e-mail already said of it, and what the link may still do. */
export const manageLinkAppointmentSchema = z.object({
  appointmentId: z.number().int(),
  petName: z.string(),
  reasonName: z.string(),
  clinicianType: z.enum(clinicianTypes),
  practiceName: z.string(),
  practiceAddress: z.string(),
  practicePhone: z.string(),
  startsAt: instant,
  endsAt: instant,
  status: z.enum(['Booked', 'Cancelled']),
  /** The client pressed "I'll be there". */
  attendanceConfirmed: z.boolean(),
  /** Cancelling (and changing) is allowed until then: the practice's cut-off before the start. */
  changeableUntil: instant,
});
export type ManageLinkAppointment = z.infer<typeof manageLinkAppointmentSchema>;

/** One answer for a tampered, unknown, expired or used link, and for a cancelled appointment's. */
export const manageLinkMessages = {
  notValid: 'This link no longer works: it has expired, or the appointment has been cancelled.',
} as const;
