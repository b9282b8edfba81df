import { appointmentDetailSchema, bookingConflictSchema } from '@vet/contracts/appointment-booking';
import { apiErrorSchema } from '@vet/contracts/errors';
import { completeSoftBookingBodySchema, softBookingIdParamsSchema } from '@vet/contracts/guest-bookings';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  bookingsPerIdentity,
  createBookingDeps,
  type BookingCaps,
  type BookingManageLinks,
} from '../booking/index.ts';
import { linkedClientOf, errorBody, limitedBy } from '../../platform/index.ts';
import { completeHold } from './complete-hold.ts';

/**
 * R4.25: completing a guest hold after sign-up (client-owned: signed in and linked to a client). A
 * completion is a booking: the caps and the per-identity limit of bookings apply (decision 0057).
 */
export const guestCompletionRoutes =
  (options: {
    brandName: string;
    caps: BookingCaps;
    bookingsPerIdentity: number;
    manageLinks?: BookingManageLinks;
    mailFrom?: string;
    /** The portal's address, for the confirmation's closing lines (decision 0143). */
    portalUrl?: string;
  }): FastifyPluginCallbackZod =>
  (app, _options, done) => {
    const deps = createBookingDeps(app.db, options);

    app.post(
      '/guest/soft-bookings/:softBookingId/complete',
      {
        schema: {
          operationId: 'completeGuestSoftBooking',
          tags: ['guests'],
          summary:
            'Turns a hold into the signed-in client’s appointment, registering the pet from the guest’s answers',
          description:
            'One transaction: pet (awaiting its initial consultation), appointment, reservation, confirmation ' +
            'e-mail; all or nothing. Whoever holds the id and is signed in may complete it. An expired hold, ' +
            'or another start (`startsAt`, one of the alternatives offered), must be a bookable slot now: ' +
            '409 with `alternatives` when it is not; 409 when already completed or held more than a day ago. ' +
            '403 past the client’s upcoming appointments, 429 past their new pets of the day or the bookings ' +
            'of one identity in 10 minutes (decision 0057).',
          params: softBookingIdParamsSchema,
          body: completeSoftBookingBodySchema,
          response: {
            201: appointmentDetailSchema,
            403: apiErrorSchema,
            404: apiErrorSchema,
            409: bookingConflictSchema,
          },
        },
        preHandler: limitedBy(app, [bookingsPerIdentity(options.bookingsPerIdentity)]),
      },
      async (request, reply) => {
        const outcome = await completeHold(
          deps,
          linkedClientOf(request),
          request.params.softBookingId,
          request.body,
        );
        if (outcome.kind === 'booked') return reply.code(201).send(outcome.appointment);
        return reply
          .code(409)
          .send({ ...errorBody(409, outcome.message), alternatives: outcome.alternatives });
      },
    );

    done();
  };
