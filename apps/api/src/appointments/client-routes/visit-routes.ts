import { bookingConflictSchema } from '@vet/contracts/appointment-booking';
import {
  amendVisitBodySchema,
  bookVisitBodySchema,
  cancelVisitQuerySchema,
  visitDetailSchema,
  visitIdParamsSchema,
} from '@vet/contracts/appointment-visits';
import { apiErrorSchema } from '@vet/contracts/errors';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { limitedBy, linkedClientOf } from '../../platform/index.ts';
import {
  amendVisit,
  bookingsPerIdentity,
  bookVisit,
  cancelVisit,
  getVisit,
  type BookingDeps,
  type VisitOutcome,
} from '../booking/index.ts';
import { idempotencyHeadersSchema } from './idempotency-headers.ts';
import { sendRefusal } from './booking-refusals.ts';

const tags = ['appointments'];

/** A visit's outcome as booking's: its refusals are booking's own (sendRefusal). */
function send(reply: FastifyReply, outcome: VisitOutcome, successStatus: 200 | 201) {
  return outcome.kind === 'booked'
    ? reply.code(successStatus).send(outcome.visit)
    : sendRefusal(reply, outcome);
}

/** Decision 0117: several pets in one visit, booked, read, moved and cancelled as one. */
export const visitRoutes =
  (deps: BookingDeps, perIdentity: number): FastifyPluginCallbackZod =>
  (app, _options, done) => {
    app.post(
      '/appointments/visits',
      {
        schema: {
          operationId: 'bookVisit',
          tags,
          summary: 'Books one visit for two or more of the client’s pets, back to back with one clinician',
          description:
            'All or nothing (decision 0117): each pet’s appointment of the reason follows the previous one’s ' +
            'end, with one clinician; startsAt must be a start of the slot search with petCount. A pet that ' +
            'may not have the reason refuses the visit, naming the pet and the reason (403, or 400 for the ' +
            'species). 409 with `alternatives` when the time is not free; Idempotency-Key as for one booking.',
          headers: idempotencyHeadersSchema,
          body: bookVisitBodySchema,
          response: {
            201: visitDetailSchema,
            400: apiErrorSchema,
            403: apiErrorSchema,
            404: apiErrorSchema,
            409: bookingConflictSchema,
            422: apiErrorSchema,
          },
        },
        preHandler: limitedBy(app, [bookingsPerIdentity(perIdentity)]),
      },
      async (request, reply) =>
        send(
          reply,
          await bookVisit(deps, linkedClientOf(request), request.body, request.headers['idempotency-key']),
          201,
        ),
    );

    app.get(
      '/appointments/visits/:visitId',
      {
        schema: {
          operationId: 'getVisit',
          tags,
          summary: 'One of the signed-in client’s visits, its appointments first to last',
          params: visitIdParamsSchema,
          response: { 200: visitDetailSchema, 404: apiErrorSchema },
        },
      },
      (request) => getVisit(deps, linkedClientOf(request), request.params.visitId),
    );

    app.post(
      '/appointments/visits/:visitId',
      {
        schema: {
          operationId: 'amendVisit',
          tags,
          summary: 'Moves a whole visit to a new start, its pets in the same order, atomically',
          description:
            'Allowed until the visit’s start minus the practice’s cut-off (409 after). startsAt must be a ' +
            'start of the slot search with petCount and existingVisitId (and clinicianId, a vet the client ' +
            'names: decision 0101). 409 with `alternatives` when the new time is not free; the visit keeps ' +
            'its old times then.',
          params: visitIdParamsSchema,
          body: amendVisitBodySchema,
          response: {
            200: visitDetailSchema,
            400: apiErrorSchema,
            403: apiErrorSchema,
            404: apiErrorSchema,
            409: bookingConflictSchema,
          },
        },
      },
      async (request, reply) =>
        send(
          reply,
          await amendVisit(deps, linkedClientOf(request), request.params.visitId, request.body),
          200,
        ),
    );

    app.patch(
      '/appointments/visits/:visitId/cancel',
      {
        schema: {
          operationId: 'cancelVisit',
          tags,
          summary: 'Cancels every booked appointment of a visit, giving a cancellation reason',
          description: 'Allowed until the visit’s start minus the practice’s cut-off (409 after).',
          params: visitIdParamsSchema,
          querystring: cancelVisitQuerySchema,
          response: { 200: visitDetailSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      (request) => cancelVisit(deps, linkedClientOf(request), request.params.visitId, request.query.reasonId),
    );

    done();
  };
