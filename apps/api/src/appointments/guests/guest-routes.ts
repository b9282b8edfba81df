import {
  appointmentSlotsResponseSchema,
  bookingConflictSchema,
  bookingMessages,
} from '@vet/contracts/appointment-booking';
import { apiErrorSchema } from '@vet/contracts/errors';
import {
  createSoftBookingBodySchema,
  guestAppointmentSlotsQuerySchema,
  originalSoftBookingIdParamsSchema,
  replaceSoftBookingBodySchema,
  softBookingIdParamsSchema,
  softBookingSchema,
  softBookingStatusSchema,
} from '@vet/contracts/guest-bookings';
import { practiceIdParamsSchema } from '@vet/contracts/practices';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { createBookingDeps, slotAnswerSerializer, type PaymentAsked } from '../booking/index.ts';
import { errorBody, limitedBy, type LimitRule } from '../../platform/index.ts';
import {
  addressHash,
  createHold,
  extendHold,
  readHold,
  replaceHold,
  searchGuestSlots,
  type GuestDeps,
  type HoldOutcome,
} from './guest-holds.ts';

const tags = ['guests'];
const TEN_MINUTES = 10 * 60 * 1000;
const byAddress = (request: FastifyRequest) => addressHash(request.ip);

/**
 * Limits of the anonymous guest calls on top of the global per-address limit (plugins/route-limits.ts). The live-hold limits (2 per e-mail, 5 per address) are counted in the database.
 */
export const guestLimits = {
  searchesPerAddress: { name: 'guest-search-address', max: 60, windowMs: TEN_MINUTES, key: byAddress },
  holdWritesPerAddress: { name: 'guest-hold-address', max: 20, windowMs: TEN_MINUTES, key: byAddress },
} satisfies Record<string, LimitRule>;

const refusals = { 403: apiErrorSchema, 404: apiErrorSchema };

export function sendHold(reply: FastifyReply, outcome: HoldOutcome, successStatus: 200 | 201) {
  if (outcome.kind === 'held') return reply.code(successStatus).send(outcome.hold);
  return reply.code(409).send({
    ...errorBody(409, outcome.message ?? bookingMessages.slotTaken),
    alternatives: outcome.alternatives,
  });
}

/** R4.24, R7.5: the guest’s slot search and holds (anonymous; registered in the public scope). */
export const guestRoutes =
  (options: { brandName: string; paymentAsked?: PaymentAsked | undefined }): FastifyPluginCallbackZod =>
  (app, _options, done) => {
    const deps: GuestDeps = createBookingDeps(app.db, options);
    const { searchesPerAddress, holdWritesPerAddress } = guestLimits;
    const holdWrites = limitedBy(app, [holdWritesPerAddress]);

    app.get(
      '/guest/practices/:practiceId/appointment-slots',
      {
        schema: {
          operationId: 'listGuestAppointmentSlots',
          tags,
          summary: 'Bookable starts for a guest (no pet: the reason must apply to the species)',
          description:
            'The client search’s service with no client. Only reasons open online, at practices with online ' +
            'booking on. existingSoftBookingId (the guest’s own hold) counts as free. Without dates: today ' +
            'to the horizon’s default window.',
          params: practiceIdParamsSchema,
          querystring: guestAppointmentSlotsQuerySchema,
          response: { 200: appointmentSlotsResponseSchema, ...refusals },
        },
        preHandler: limitedBy(app, [searchesPerAddress]),
        serializerCompiler: slotAnswerSerializer,
      },
      (request) => searchGuestSlots(deps, request.params.practiceId, request.query),
    );

    app.post(
      '/guest/soft-bookings',
      {
        schema: {
          operationId: 'createGuestSoftBooking',
          tags,
          summary: 'Holds a start for 15 minutes for a guest, with their contact details and pet',
          description:
            'The id returned is the hold’s bearer token (unguessable). 409 with `alternatives` when the time ' +
            'is not free; 429 past 2 live holds per e-mail or 5 per client address.',
          body: createSoftBookingBodySchema,
          response: { 201: softBookingSchema, ...refusals, 409: bookingConflictSchema },
        },
        preHandler: holdWrites,
      },
      async (request, reply) => sendHold(reply, await createHold(deps, request.body, request.ip), 201),
    );

    app.post(
      '/guest/soft-bookings/:originalSoftBookingId',
      {
        schema: {
          operationId: 'replaceGuestSoftBooking',
          tags,
          summary: 'Moves a hold to a new start, atomically (a new hold replaces the original)',
          description:
            'The new time is held before the original is released, in one transaction: never both, never ' +
            'none. The new hold keeps the original’s expiry and extensions. 409 with `alternatives` when the ' +
            'new time is not free (the original stays); 409 when the original has expired, was replaced or ' +
            'was completed; 404 for an unknown id; 429 past the live holds of the e-mail or client address.',
          params: originalSoftBookingIdParamsSchema,
          body: replaceSoftBookingBodySchema,
          response: { 201: softBookingSchema, ...refusals, 409: bookingConflictSchema },
        },
        preHandler: holdWrites,
      },
      async (request, reply) =>
        sendHold(
          reply,
          await replaceHold(deps, request.params.originalSoftBookingId, request.body, request.ip),
          201,
        ),
    );

    app.get(
      '/guest/soft-bookings/:softBookingId/state',
      {
        schema: {
          operationId: 'getGuestSoftBookingState',
          tags,
          summary: 'How a hold stands now: held, ended, or given away by the practice',
          description:
            '`state` GivenAway: the practice booked the time at its desk and the hold was released ' +
            '(decision 0063); the guest chooses another time. 409 when the hold was replaced or completed; ' +
            '404 for an unknown id. Counted with the guest’s searches.',
          params: softBookingIdParamsSchema,
          response: { 200: softBookingStatusSchema, 404: apiErrorSchema, 409: apiErrorSchema },
        },
        preHandler: limitedBy(app, [searchesPerAddress]),
      },
      (request) => readHold(deps, request.params.softBookingId),
    );

    app.post(
      '/guest/soft-bookings/:softBookingId/extend',
      {
        schema: {
          operationId: 'extendGuestSoftBooking',
          tags,
          summary: 'Gives a live hold another 15 minutes from now (at most 3 times)',
          description: '409 when the hold has expired, was replaced or completed, or has no extensions left.',
          params: softBookingIdParamsSchema,
          response: { 200: softBookingSchema, 404: apiErrorSchema, 409: apiErrorSchema },
        },
        preHandler: holdWrites,
      },
      (request) => extendHold(deps, request.params.softBookingId),
    );

    done();
  };
