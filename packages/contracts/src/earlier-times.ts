import { z } from 'zod';
import { clinicianTypes } from './lookups.ts';

const instant = z.iso.datetime({ offset: true });

/**
 * "Tell me if an earlier time comes up" (decision 0086): the last day (the practice's date) an earlier
 * time would still help, from today up to the appointment's own day.
 */
export const earlierTimesBodySchema = z.object({ latestDate: z.iso.date() });
export type EarlierTimesBody = z.infer<typeof earlierTimesBodySchema>;

/** The appointment's live request: Waiting in line, or Offered a time held for it now. */
export const earlierTimeRequestSchema = z.object({
  appointmentId: z.number().int(),
  latestDate: z.iso.date(),
  status: z.enum(['Waiting', 'Offered']),
});
export type EarlierTimeRequest = z.infer<typeof earlierTimeRequestSchema>;

/** GET: the live request, or null when the appointment is not waiting. */
export const earlierTimeRequestAnswerSchema = z.object({ request: earlierTimeRequestSchema.nullable() });

/**
 * An offer's link is `/earlier-time#<token>`; the page sends the token in a POST body, so no address or
 * log holds it. Opening the page changes nothing; only the press takes the time (decision 0059).
 */
export const earlierTimeOfferBodySchema = z.object({ token: z.string().min(1).max(100) });

export const earlierTimeOfferSchema = z.object({
  petName: z.string(),
  reasonName: z.string(),
  clinicianType: z.enum(clinicianTypes),
  practiceName: z.string(),
  currentStartsAt: instant,
  offeredStartsAt: instant,
  offeredEndsAt: instant,
  heldUntil: instant,
});
export type EarlierTimeOffer = z.infer<typeof earlierTimeOfferSchema>;

/** The offer page's answers the API words for the client (decision 0086). */
export const earlierTimeOfferMessages = {
  /** The practice booked the held time: the offer ended at once, the request is back in line. */
  givenAway:
    'The practice has booked this time, so it is no longer available. Your appointment has not changed, and you are still in line for an earlier time.',
} as const;
