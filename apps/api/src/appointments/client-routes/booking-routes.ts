import {
  amendAppointmentBodySchema,
  appointmentDetailSchema,
  appointmentIdParamsSchema,
  bookAppointmentBodySchema,
  bookingConflictSchema,
  cancelAppointmentQuerySchema,
} from '@vet/contracts/appointment-booking';
import { apiErrorSchema } from '@vet/contracts/errors';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { limitedBy, linkedClientOf } from '../../platform/index.ts';
import { sendRefusal } from './booking-refusals.ts';
import { idempotencyHeadersSchema } from './idempotency-headers.ts';
import { createEarlierTimesDeps } from '../earlier-times/index.ts';
import { visitRoutes } from './visit-routes.ts';
import {
  bookAppointment,
  type BookingCaps,
  type BookingManageLinks,
  type BookingOutcome,
  bookingsPerIdentity,
  createBookingDeps,
  amendAppointment,
  cancelAppointment,
  getAppointment,
} from '../booking/index.ts';

const tags = ['appointments'];
const notFound = { 404: apiErrorSchema };

function send(reply: FastifyReply, outcome: BookingOutcome, successStatus: 200 | 201) {
  return outcome.kind === 'booked'
    ? reply.code(successStatus).send(outcome.appointment)
    : sendRefusal(reply, outcome);
}

/** What booking needs from the config: the brand of its e-mails and the limits of decision 0057. */
export interface BookingRouteOptions {
  brandName: string;
  caps: BookingCaps;
  /** Bookings and guest-hold completions per signed-in identity in bookingLimits.windowMinutes. */
  bookingsPerIdentity: number;
  /** The manage links every confirmation carries (decisions 0084, 0095). */
  manageLinks?: BookingManageLinks;
  /** MAIL_FROM: its address organizes the confirmations' calendar invitations (decision 0082). */
  mailFrom?: string;
  /** The portal's address, for the earlier-times offers' links (decision 0086); none: no offers. */
  portalUrl?: string;
}

/** R7.3: book, amend, cancel and read one appointment of the signed-in client. */
export const bookingRoutes =
  (options: BookingRouteOptions): FastifyPluginCallbackZod =>
  (app, _options, done) => {
    // Decision 0086: a cancellation's or a move's freed time is offered to the earlier-times line.
    const { portalUrl } = options;
    const deps = portalUrl
      ? createEarlierTimesDeps(app.db, { ...options, portalUrl }, app.log)
      : createBookingDeps(app.db, options);

    app.post(
      '/appointments',
      {
        schema: {
          operationId: 'bookAppointment',
          tags,
          summary: 'Books a start for one of the client’s pets with a free clinician of the reason’s type',
          description:
            'With an Idempotency-Key header, a repeat returns the first booking (201, same body); the same key ' +
            'with another body answers 422. 409 when the time is not (or no longer) free, with the nearest ' +
            'free starts in `alternatives`. 403 when online booking is unavailable, the pet may not have ' +
            'this reason, or the client or pet has as many upcoming appointments as may be booked online ' +
            '(decision 0057); 404 for an unknown practice or pet (another client’s included); 429 past the ' +
            'bookings of one identity in 10 minutes. With clinicianId, that clinician only (decision 0101): 400 ' +
            '“choose another vet” when they are not an active clinician of the practice of the reason’s type, ' +
            '403 when the practice has switched naming off.',
          headers: idempotencyHeadersSchema,
          body: bookAppointmentBodySchema,
          response: {
            201: appointmentDetailSchema,
            403: apiErrorSchema,
            ...notFound,
            409: bookingConflictSchema,
            422: apiErrorSchema,
          },
        },
        preHandler: limitedBy(app, [bookingsPerIdentity(options.bookingsPerIdentity)]),
      },
      async (request, reply) =>
        send(
          reply,
          await bookAppointment(
            deps,
            linkedClientOf(request),
            request.body,
            request.headers['idempotency-key'],
          ),
          201,
        ),
    );

    app.get(
      '/appointments/:appointmentId',
      {
        schema: {
          operationId: 'getAppointment',
          tags,
          summary: 'One of the signed-in client’s appointments',
          params: appointmentIdParamsSchema,
          response: { 200: appointmentDetailSchema, ...notFound },
        },
      },
      (request) => getAppointment(deps, linkedClientOf(request), request.params.appointmentId),
    );

    app.post(
      '/appointments/:appointmentId',
      {
        schema: {
          operationId: 'amendAppointment',
          tags,
          summary: 'Moves an appointment to a new start (and reason), atomically',
          description:
            'Allowed until the start minus the practice’s cut-off (409 after). 409 with `alternatives` when ' +
            'the new time is not free; the appointment keeps its old time then. 403 for a pet that has ' +
            'died or has a new home (decisions 0066, 0099). clinicianId names the clinician as booking does ' +
            '(decision 0101).',
          params: appointmentIdParamsSchema,
          body: amendAppointmentBodySchema,
          response: {
            200: appointmentDetailSchema,
            403: apiErrorSchema,
            ...notFound,
            409: bookingConflictSchema,
          },
        },
      },
      async (request, reply) =>
        send(
          reply,
          await amendAppointment(deps, linkedClientOf(request), request.params.appointmentId, request.body),
          200,
        ),
    );

    app.patch(
      '/appointments/:appointmentId/cancel',
      {
        schema: {
          operationId: 'cancelAppointment',
          tags,
          summary: 'Cancels an appointment, giving a cancellation reason',
          description: 'Allowed until the start minus the practice’s cut-off (409 after).',
          params: appointmentIdParamsSchema,
          querystring: cancelAppointmentQuerySchema,
          response: { 200: appointmentDetailSchema, ...notFound, 409: apiErrorSchema },
        },
      },
      (request) =>
        cancelAppointment(
          deps,
          linkedClientOf(request),
          request.params.appointmentId,
          request.query.reasonId,
        ),
    );

    app.register(visitRoutes(deps, options.bookingsPerIdentity));
    done();
  };
