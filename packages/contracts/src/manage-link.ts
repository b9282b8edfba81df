import { z } from 'zod';
import { serialId } from './ids.ts';
import { clinicianTypes } from './lookups.ts';
import { petStatuses } from './pet-rules.ts';
import { fromPriceSchema } from './practice-prices.ts';
import { writtenPrescriptionFeesSchema } from './prescription-requests.ts';

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
  /** The vet the client named online, while still theirs (decision 0141); null: "a vet". */
  clinicianName: z.string().nullable(),
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
  /** A pet that has died or has a new home: its appointment is the practice's to change (decision 0099). */
  petStatus: z.enum(petStatuses),
  /** The practice's written prescription fees today, for the page's notice (decision 0148). */
  writtenPrescriptionFees: writtenPrescriptionFeesSchema,
  /** The price it was quoted for its day (issue 62); null: none was published. */
  price: fromPriceSchema.nullable(),
});
export type ManageLinkAppointment = z.infer<typeof manageLinkAppointmentSchema>;

/**
 * One answer for a tampered, unknown, expired or used link, a link a newer one replaced or its client
 * ended, and a moved or cancelled appointment's (decisions 0084, 0095).
 */
export const manageLinkMessages = {
  notValid:
    'This link no longer works: it has expired or been replaced, or the appointment has changed or been cancelled.',
} as const;

/**
 * POST /client/manage-links/end (decision 0095): the signed-in client's links end, in every e-mail and
 * text already sent; `ended` counts the upcoming appointments whose links ended.
 */
export const manageLinksEndedSchema = z.object({ ended: z.number().int().nonnegative() });
export type ManageLinksEnded = z.infer<typeof manageLinksEndedSchema>;
