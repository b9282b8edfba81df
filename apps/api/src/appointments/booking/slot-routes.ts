import {
  appointmentPriceParamsSchema,
  appointmentPriceQuerySchema,
  appointmentPriceSchema,
  appointmentSlotsQuerySchema,
  appointmentSlotsResponseSchema,
  choosableCliniciansQuerySchema,
  choosableCliniciansResponseSchema,
  datedAppointmentSlotsQuerySchema,
} from '@vet/contracts/appointment-booking';
import { apiErrorSchema } from '@vet/contracts/errors';
import { practiceIdParamsSchema } from '@vet/contracts/practices';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler, type FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Database } from '@vet/db/connection';
import { badRequest, linkedClientOf } from '../../platform/index.ts';
import { createSlotSearchDeps } from './booking-deps.ts';
import { quotePriceOnDay, speciesCodeOf } from './quoted-price.ts';
import { loadBookingContext, searchAppointmentSlots } from './slot-search.ts';

const tags = ['appointments'];
const refusals = { 403: apiErrorSchema, 404: apiErrorSchema };
const description =
  'Starts at which a clinician of the reason’s type is free for its whole duration, on the practice’s grid, ' +
  'after its minimum notice and before its horizon. existingAppointmentId (the client’s own) and ' +
  'existingSoftBookingId count as free. With clinicianId, that clinician’s starts only (decision 0101): 400 ' +
  '“choose another vet” when they are not an active clinician of the practice of the reason’s type, 403 ' +
  'when the practice has switched naming off. 403 when online booking is unavailable to the client or practice, ' +
  'or the pet may not have this reason; 404 for an unknown practice or pet.';

/**
 * A slot answer's 200 is written as it is: toSlots builds it in the schema's shape, and checking its
 * ~1,500 starts again on the way out cost a search more CPU than writing them (decision 0052). The
 * integration tests parse every answer with the strict schema; refusals keep the usual check.
 */
export const slotAnswerSerializer: FastifySerializerCompiler<unknown> = (route) =>
  route.httpStatus === '200' ? (data) => JSON.stringify(data) : serializerCompiler(route as never);

/** R7.3: the slot search, dated and undated: a versioned pair, one implementation (slot-search.ts). */
export const slotRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const deps = createSlotSearchDeps(app.db);

  for (const [url, operationId, summary, querystring] of [
    [
      '/practices/:practiceId/appointment-slots',
      'listAppointmentSlots',
      'Bookable starts between two local dates (inclusive)',
      datedAppointmentSlotsQuerySchema,
    ],
    [
      '/v2/practices/:practiceId/appointment-slots',
      'listAppointmentSlotsV2',
      'Bookable starts from today to the practice’s horizon',
      appointmentSlotsQuerySchema,
    ],
  ] as const) {
    app.get(
      url,
      {
        schema: {
          operationId,
          tags,
          summary,
          description,
          params: practiceIdParamsSchema,
          querystring,
          response: { 200: appointmentSlotsResponseSchema, ...refusals },
        },
        serializerCompiler: slotAnswerSerializer,
      },
      (request) =>
        searchAppointmentSlots(deps, linkedClientOf(request), {
          ...request.query,
          practiceId: request.params.practiceId,
        }),
    );
  }

  app.get(
    '/practices/:practiceId/clinicians',
    {
      schema: {
        operationId: 'listChoosableClinicians',
        tags,
        summary: 'The clinicians a client may choose for a reason, by name',
        description:
          'Decision 0101: the practice’s active clinicians of the reason’s type, ordered by name; none when ' +
          'the practice has switched naming off. 403 and 404 as the slot search answers them.',
        params: practiceIdParamsSchema,
        querystring: choosableCliniciansQuerySchema,
        response: { 200: choosableCliniciansResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const context = await loadBookingContext(deps, linkedClientOf(request), {
        practiceId: request.params.practiceId,
        appointmentReasonId: request.query.appointmentReasonId,
      });
      return deps.repository.listChoosable(context.practice.practiceId, context.reason.clinicianType);
    },
  );

  app.get(
    '/practices/:practiceId/appointment-reasons/:appointmentReasonId/price',
    {
      schema: {
        operationId: 'getAppointmentPrice',
        tags,
        summary: 'The price a booking on a day would be quoted, for one of the client’s pets',
        description:
          'Issue 62, decision 0145: the reason’s price in force on `date` at the practice, in the pet’s band ' +
          'when `petId` is given (else in the band of `speciesId`, 400 when unknown); price null when none ' +
          'is published. 403 and 404 as the slot search ' +
          'answers them (another client’s pet is not found).',
        params: appointmentPriceParamsSchema,
        querystring: appointmentPriceQuerySchema,
        response: { 200: appointmentPriceSchema, 400: apiErrorSchema, ...refusals },
      },
    },
    async (request) => {
      const { practiceId, appointmentReasonId } = request.params;
      const { date, petId, speciesId } = request.query;
      const context = await loadBookingContext(deps, linkedClientOf(request), {
        practiceId,
        appointmentReasonId,
        ...(petId === undefined ? {} : { petId }),
      });
      const price = await quotePriceOnDay(app.db, {
        practiceId,
        reasonId: context.reason.appointmentReasonId,
        day: date,
        speciesCode: context.pet?.speciesCode ?? (await speciesOfQuery(app.db, speciesId)),
      });
      return { date, price };
    },
  );

  done();
};

/** The species code a quote without a pet asks for; an unknown species is a 400 naming the field. */
async function speciesOfQuery(db: Database, speciesId: number | undefined): Promise<string | null> {
  if (speciesId === undefined) return null;
  const code = await speciesCodeOf(db, speciesId);
  if (code !== null) return code;
  const message = 'Choose a species from the list.';
  throw badRequest(message, [{ path: 'speciesId', message }]);
}
