import {
  appointmentSlotsQuerySchema,
  appointmentSlotsResponseSchema,
  datedAppointmentSlotsQuerySchema,
} from '@vet/contracts/appointment-booking';
import { apiErrorSchema } from '@vet/contracts/errors';
import { practiceIdParamsSchema } from '@vet/contracts/practices';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler, type FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { linkedClientOf } from '../auth/access-scopes.ts';
import { createBookingRepository } from './booking-repository.ts';
import { searchAppointmentSlots, type SlotSearchDeps } from './slot-search.ts';

const tags = ['appointments'];
const refusals = { 403: apiErrorSchema, 404: apiErrorSchema };
const description =
  'Starts at which a clinician of the reason’s type is free for its whole duration, on the practice’s grid, ' +
  'after its minimum notice and before its horizon. existingAppointmentId (the client’s own) and ' +
  'existingSoftBookingId count as free. 403 when online booking is unavailable to the client or practice, ' +
  'or the pet may not have this reason; 404 for an unknown practice or pet.';

/**
 * A slot answer's 200 is written as it is: toSlots builds it in the schema's shape, and checking its
 * ~1,500 starts again on the way out cost a search more CPU than writing them (decision 0052). The
 * integration tests parse every answer with the strict schema; refusals keep the usual check.
 */
export const slotAnswerSerializer: FastifySerializerCompiler<unknown> = (route) =>
  route.httpStatus === '200' ? (data) => JSON.stringify(data) : serializerCompiler(route as never);

/** R7.3: the slot search, dated and undated, one implementation (slot-search.ts). */
export const slotRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const deps: SlotSearchDeps = { repository: createBookingRepository(app.db), now: () => new Date() };
  const searcherOf = (request: Parameters<typeof linkedClientOf>[0]) => {
    const client = linkedClientOf(request);
    return { clientId: client.clientId, allowed: client.onlineBookingAllowed };
  };

  app.get(
    '/practices/:practiceId/appointment-slots',
    {
      schema: {
        operationId: 'listAppointmentSlots',
        tags,
        summary: 'Bookable starts between two local dates (inclusive)',
        description,
        params: practiceIdParamsSchema,
        querystring: datedAppointmentSlotsQuerySchema,
        response: { 200: appointmentSlotsResponseSchema, ...refusals },
      },
      serializerCompiler: slotAnswerSerializer,
    },
    (request) =>
      searchAppointmentSlots(deps, searcherOf(request), {
        ...request.query,
        practiceId: request.params.practiceId,
      }),
  );

  app.get(
    '/v2/practices/:practiceId/appointment-slots',
    {
      schema: {
        operationId: 'listAppointmentSlotsV2',
        tags,
        summary: 'Bookable starts from today to the practice’s horizon',
        description,
        params: practiceIdParamsSchema,
        querystring: appointmentSlotsQuerySchema,
        response: { 200: appointmentSlotsResponseSchema, ...refusals },
      },
      serializerCompiler: slotAnswerSerializer,
    },
    (request) =>
      searchAppointmentSlots(deps, searcherOf(request), {
        ...request.query,
        practiceId: request.params.practiceId,
      }),
  );

  done();
};
