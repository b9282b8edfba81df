import {
  appointmentIdParamsSchema,
  bookingConflictSchema,
  bookingMessages,
} from '@vet/contracts/appointment-booking';
import { apiErrorSchema } from '@vet/contracts/errors';
import {
  appointmentPaymentAnswerSchema,
  bookingPaymentTermsQuerySchema,
  bookingPaymentTermsSchema,
  startBookingPaymentSchema,
  startedBookingPaymentSchema,
  type AppointmentPayment,
} from '@vet/contracts/payments';
import type { Database } from '@vet/db/connection';
import { sql } from 'drizzle-orm';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { errorBody, limitedBy, linkedClientOf, notFound } from '../../platform/index.ts';
import { bookingsPerIdentity } from '../../appointments/index.ts';
import { shownTerms } from './booking-terms.ts';
import {
  bookingPaymentTerms,
  startBookingPayment,
  type BookingPaymentsDeps,
} from './start-booking-payment.ts';

const tags = ['payments'];

/**
 * The deposit or hold an appointment of the client's was booked with, and its refund; null: booked
 * without one; undefined: not the client's appointment (or none such).
 */
async function appointmentPayment(
  db: Database,
  clientId: number,
  appointmentId: number,
): Promise<AppointmentPayment | null | undefined> {
  const { rows } = await db.execute<{
    id: number | null;
    purpose: 'deposit' | 'card_hold';
    status: AppointmentPayment['status'];
    amount_pence: number;
    refund_until: string | Date;
    cutoff_minutes: number;
    created_at: string | Date;
    starts_at: string | Date;
    r_status: 'pending' | 'succeeded' | 'failed' | null;
    r_amount_pence: number | null;
  }>(sql`
    select p.id, p.purpose, p.status, p.amount_pence, p.refund_until, p.cutoff_minutes, p.created_at,
      a.starts_at, r.status as r_status, r.amount_pence as r_amount_pence
    from appointments a
    left join online_payments p on p.appointment_id = a.id and p.purpose <> 'invoice'
    left join payment_refunds r on r.payment_id = p.id
    where a.id = ${appointmentId} and a.client_id = ${clientId}
    order by p.id desc nulls last limit 1`);
  const row = rows[0];
  if (!row) return undefined;
  if (row.id === null) return null;
  const { refundUntil, terms } = shownTerms({
    purpose: row.purpose,
    amountPence: row.amount_pence,
    refundUntil: new Date(row.refund_until),
    cutoffMinutes: row.cutoff_minutes,
    startsAt: new Date(row.starts_at),
    bookedAt: new Date(row.created_at),
  });
  return {
    paymentId: row.id,
    kind: row.purpose,
    status: row.status,
    amountPence: row.amount_pence,
    refundUntil: refundUntil.toISOString(),
    terms,
    refund: row.r_status === null ? null : { status: row.r_status, amountPence: row.r_amount_pence! },
  };
}

/**
 * Deposits and card holds at booking, the signed-in client's side (decision 0158): what booking a reason
 * asks, the booking started with its payment, and the payment an appointment was booked with.
 */
export const bookingPaymentRoutes =
  (
    deps: Omit<BookingPaymentsDeps, 'payments'> & {
      payments: Omit<BookingPaymentsDeps['payments'], 'db'>;
    } & {
      bookingsPerIdentity: number;
    },
  ): FastifyPluginCallbackZod =>
  (app, _options, done) => {
    const withDb: BookingPaymentsDeps = { booking: deps.booking, payments: { ...deps.payments, db: app.db } };
    // The same count as a booking's (decision 0057): each start holds a clinician's time.
    const bookingLimit = { preHandler: limitedBy(app, [bookingsPerIdentity(deps.bookingsPerIdentity)]) };

    app.get(
      '/v2/appointment-payments/terms',
      {
        schema: {
          operationId: 'getBookingPaymentTerms',
          tags,
          summary: 'What booking a reason at a start asks of the client: nothing, a deposit or a card hold',
          description:
            'The practice’s policy for the reason, if it applies to this client (everyone, new clients, or after ' +
            'a no-show), with the terms to show before payment. A card hold for a visit more than 6 days away is ' +
            'asked as a deposit. Booking such a reason goes through POST /v2/appointment-payments.',
          querystring: bookingPaymentTermsQuerySchema,
          response: {
            200: bookingPaymentTermsSchema,
            400: apiErrorSchema,
            403: apiErrorSchema,
            404: apiErrorSchema,
          },
        },
      },
      (request) => bookingPaymentTerms(withDb, linkedClientOf(request), request.query),
    );

    app.post(
      '/v2/appointment-payments',
      {
        ...bookingLimit,
        schema: {
          operationId: 'startBookingPayment',
          tags,
          summary: 'Hold a start while the client pays its deposit or card hold on the provider’s page',
          description:
            'The booking’s body with the `kind` and `amountPence` the client was shown: 409 `terms_changed` when ' +
            'the practice asks otherwise now (the message says what). The start is held until `heldUntil` and ' +
            'becomes the appointment when the provider confirms the payment; 409 with `alternatives` when it is ' +
            'not free. 503 when the provider cannot be reached: nothing held, nothing taken.',
          body: startBookingPaymentSchema,
          response: {
            201: startedBookingPaymentSchema,
            400: apiErrorSchema,
            403: apiErrorSchema,
            404: apiErrorSchema,
            409: bookingConflictSchema,
            503: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const outcome = await startBookingPayment(withDb, linkedClientOf(request), request.body);
        if (outcome.kind === 'started') return reply.code(201).send(outcome.payment);
        if (outcome.kind === 'taken') {
          return reply
            .code(409)
            .send({ ...errorBody(409, bookingMessages.slotTaken), alternatives: outcome.alternatives });
        }
        return reply
          .code(409)
          .send({ ...errorBody(409, bookingMessages.petAlreadyBooked(outcome.petName)), alternatives: [] });
      },
    );

    app.get(
      '/v2/appointments/:appointmentId/payment',
      {
        schema: {
          operationId: 'getAppointmentPayment',
          tags,
          summary: 'The deposit or card hold an appointment was booked with, its terms and refund',
          description: '`payment` is null for an appointment booked without one; another client’s is 404.',
          params: appointmentIdParamsSchema,
          response: { 200: appointmentPaymentAnswerSchema, 404: apiErrorSchema },
        },
      },
      async (request) => {
        const client = linkedClientOf(request);
        const found = await appointmentPayment(app.db, client.clientId, request.params.appointmentId);
        if (found === undefined) throw notFound('We could not find that appointment.');
        return { payment: found };
      },
    );
    done();
  };
