import { apiErrorSchema } from '@vet/contracts/errors';
import {
  appointmentBatchMaxItems,
  appointmentOutcomeBodySchema,
  appointmentRefParamsSchema,
  onlineAppointmentParamsSchema,
  practiceAppointmentBatchResultSchema,
  practiceAppointmentBatchSchema,
  practiceAppointmentBodySchema,
  practiceAppointmentChangeSchema,
  practiceAppointmentSchema,
  practiceAppointmentWriteSchema,
} from '@vet/contracts/integration-appointments';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { errorBody, machineGrantOf } from '../../platform/index.ts';
import { requireBookingServed, requireBookingWritable } from './booking-practices.ts';
import { storeBatch } from './practice-booking-batch.ts';
import {
  cancelByPractice,
  changePracticeAppointment,
  recordOutcome,
  upsertPracticeAppointment,
} from './practice-booking-service.ts';
import { createPracticeBookingDeps } from './practice-booking-deps.ts';

const refused = { 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };

/** 413 before the items are read one by one: a batch is at most appointmentBatchMaxItems. */
async function batchSize(request: FastifyRequest, reply: FastifyReply) {
  const { body } = request as { body?: { items?: unknown } };
  if (Array.isArray(body?.items) && body.items.length > appointmentBatchMaxItems) {
    const message = `A batch has at most ${appointmentBatchMaxItems} items; send the rest in another batch.`;
    return reply.code(413).send(errorBody(413, message));
  }
}

/**
 * The desk's appointments, under the integration API's prefix (decision 0063): by the practice
 * system's reference, and an online appointment's outcome or cancellation by the portal's id.
 */
export const practiceBookingRoutes =
  (settings: { brandName: string; mailFrom?: string; portalUrl: string }): FastifyPluginCallbackZod =>
  (app, _options, done) => {
    const deps = createPracticeBookingDeps(app.db, settings, app.log);

    app.put(
      '/appointments/:appointment_ref',
      {
        schema: {
          operationId: 'putPracticeAppointment',
          summary: 'Store a desk booking by its reference: created (201) or replaced (200) as given',
          description:
            'The fields are appointments.csv’s columns. A Booked appointment’s time is busy from this moment; ' +
            'it is stored even over an online appointment (flagged for the practice, `effects`) or a guest’s ' +
            'hold (given away). Completed ends a new pet’s initial consultation. 422 names each reference ' +
            'that names no record, or records that do not go together.',
          params: appointmentRefParamsSchema,
          body: practiceAppointmentBodySchema,
          response: { 200: practiceAppointmentWriteSchema, 201: practiceAppointmentWriteSchema, ...refused },
        },
      },
      async (request, reply) => {
        await requireBookingWritable(
          app.db,
          machineGrantOf(request),
          request.params.appointment_ref,
          request.body.practice_ref,
        );
        const { created, appointment } = await upsertPracticeAppointment(
          deps,
          request.params.appointment_ref,
          request.body,
        );
        return reply.code(created ? 201 : 200).send(appointment);
      },
    );

    app.patch(
      '/appointments/:appointment_ref',
      {
        schema: {
          operationId: 'movePracticeAppointment',
          summary: 'Move a booked desk appointment: another time, another clinician, or both',
          description:
            '404 for an unknown reference; 409 when it is not Booked; 422 for an unknown clinician.',
          params: appointmentRefParamsSchema,
          body: practiceAppointmentChangeSchema,
          response: { 200: practiceAppointmentWriteSchema, ...refused },
        },
      },
      async (request) => {
        await requireBookingServed(app.db, machineGrantOf(request), { ref: request.params.appointment_ref });
        return changePracticeAppointment(deps, request.params.appointment_ref, request.body);
      },
    );

    app.post(
      '/appointments/:appointment_ref/outcome',
      {
        schema: {
          operationId: 'recordPracticeAppointmentOutcome',
          summary: 'Record what happened: Completed or NoShow',
          description: 'The time is no longer held. 409 for a cancelled appointment.',
          params: appointmentRefParamsSchema,
          body: appointmentOutcomeBodySchema,
          response: { 200: practiceAppointmentSchema, ...refused },
        },
      },
      async (request) => {
        const key = { ref: request.params.appointment_ref };
        await requireBookingServed(app.db, machineGrantOf(request), key);
        return recordOutcome(deps, key, request.body.outcome);
      },
    );

    app.post(
      '/appointments/:appointment_ref/cancel',
      {
        schema: {
          operationId: 'cancelPracticeAppointment',
          summary: 'Cancel an appointment (a practice cancellation): its time is free again',
          description:
            'Cancelling again changes nothing. 409 for an appointment with an outcome. The client of an ' +
            'appointment booked online is e-mailed a cancellation replacing their calendar entry.',
          params: appointmentRefParamsSchema,
          response: { 200: practiceAppointmentSchema, ...refused },
        },
      },
      async (request) => {
        const key = { ref: request.params.appointment_ref };
        await requireBookingServed(app.db, machineGrantOf(request), key);
        return cancelByPractice(deps, key);
      },
    );

    app.post(
      '/appointments/online/:appointment_id/outcome',
      {
        schema: {
          operationId: 'recordOnlineAppointmentOutcome',
          summary: 'Record the outcome of an appointment booked online, by the portal’s id',
          description: 'For an online appointment the practice system has no reference for yet.',
          params: onlineAppointmentParamsSchema,
          body: appointmentOutcomeBodySchema,
          response: { 200: practiceAppointmentSchema, ...refused },
        },
      },
      async (request) => {
        const key = { onlineId: request.params.appointment_id };
        await requireBookingServed(app.db, machineGrantOf(request), key);
        return recordOutcome(deps, key, request.body.outcome);
      },
    );

    app.post(
      '/appointments/online/:appointment_id/cancel',
      {
        schema: {
          operationId: 'cancelOnlineAppointment',
          summary: 'Cancel an appointment booked online, by the portal’s id (a practice cancellation)',
          description:
            'The client is e-mailed a cancellation whose calendar entry has the booking’s UID and a higher ' +
            'SEQUENCE, so their calendar drops it.',
          params: onlineAppointmentParamsSchema,
          response: { 200: practiceAppointmentSchema, ...refused },
        },
      },
      async (request) => {
        const key = { onlineId: request.params.appointment_id };
        await requireBookingServed(app.db, machineGrantOf(request), key);
        return cancelByPractice(deps, key);
      },
    );

    app.post(
      '/appointments/batch',
      {
        schema: {
          operationId: 'putPracticeAppointmentBatch',
          summary: `Store up to ${appointmentBatchMaxItems} desk bookings; each item is answered on its own`,
          description:
            'Not all-or-nothing: each item is stored in order, in its own transaction, and answered with the ' +
            'status it would have had alone (200, 201, 400, 404, 409, 422) and the appointment or the error. ' +
            `413 above ${appointmentBatchMaxItems} items.`,
          body: practiceAppointmentBatchSchema,
          response: { 200: practiceAppointmentBatchResultSchema, 413: apiErrorSchema },
        },
        preValidation: batchSize,
      },
      (request) => storeBatch(deps, machineGrantOf(request), request.body.items, request.log),
    );

    done();
  };
