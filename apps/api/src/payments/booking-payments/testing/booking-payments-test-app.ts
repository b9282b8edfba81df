import {
  bookingPaymentTermsSchema,
  paymentSchema,
  startedBookingPaymentSchema,
} from '@vet/contracts/payments';
import type { BookingPaymentKind } from '@vet/contracts/payment-rules';
import type { DatabaseHandle } from '@vet/db/connection';
import { bookingPaymentPolicies } from '@vet/db/schema/payments';
import { createCancellationReason } from '@vet/db/testing/factories';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  bookingScene,
  localDay,
  localInstant,
  type BookingScene,
} from '../../../appointments/booking/testing/booking-fixtures.ts';
import { usePaymentsTestApp } from '../../checkout/testing/payments-test-app.ts';
import { sweepBookingPayments } from '../apply-booking-rules.ts';
import { stripeProvider } from '../../provider/index.ts';

/**
 * Deposits and card holds at booking (decision 0158) against the stand-in of Stripe's API: a booking scene
 * whose reason asks a payment, and the calls the tests make of the API.
 */
export function useBookingPaymentsTestApp(database: Pick<DatabaseHandle, 'db' | 'pool'> & { url: string }) {
  const app = usePaymentsTestApp(database);
  const { context, signedInClient, live } = app;
  const { db } = database;

  /** A practice whose 30-minute vet reason asks `kind` of `amountPence`, and a client with a dog. */
  async function paidScene(kind: BookingPaymentKind, amountPence: number) {
    const scene = await bookingScene(db, signedInClient);
    await db.insert(bookingPaymentPolicies).values({
      practiceId: scene.practice.id,
      reasonId: scene.reason.id,
      kind,
      amountPence,
      source: 'operator',
    });
    return scene;
  }

  const startsIn = (days: number, time = '10:00') => localInstant(localDay(days), time);

  const call = (
    scene: BookingScene,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT',
    url: string,
    payload?: object,
  ) =>
    context.app.inject({
      method,
      url,
      headers: { authorization: scene.authorization },
      ...(payload ? { payload } : {}),
    });

  async function termsOf(scene: BookingScene, startsAt: Date) {
    const query = `practiceId=${scene.practice.id}&appointmentReasonId=${scene.reason.id}&startsAt=${encodeURIComponent(startsAt.toISOString())}`;
    const response = await call(scene, 'GET', `/v2/appointment-payments/terms?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return bookingPaymentTermsSchema.parse(response.json());
  }

  const start = (
    scene: BookingScene,
    startsAt: Date,
    shown: { kind: BookingPaymentKind; amountPence: number },
  ) =>
    call(scene, 'POST', '/v2/appointment-payments', {
      practiceId: scene.practice.id,
      petId: scene.pet.id,
      appointmentReasonId: scene.reason.id,
      startsAt: startsAt.toISOString(),
      ...shown,
    });

  async function started(
    scene: BookingScene,
    startsAt: Date,
    shown: { kind: BookingPaymentKind; amountPence: number },
  ) {
    const response = await start(scene, startsAt, shown);
    expect(response.statusCode, response.body).toBe(201);
    return startedBookingPaymentSchema.parse(response.json());
  }

  async function paymentView(scene: BookingScene, paymentId: number) {
    const response = await call(scene, 'GET', `/v2/payments/${paymentId}`);
    expect(response.statusCode, response.body).toBe(200);
    return paymentSchema.parse(response.json());
  }

  /** The owner cancels an appointment online with a reason from the list. */
  async function cancel(scene: BookingScene, appointmentId: number) {
    const reason = await createCancellationReason(db);
    return call(scene, 'PATCH', `/appointments/${appointmentId}/cancel?reasonId=${reason.id}`);
  }

  /** The worker's pass over booking payments, as the minute job runs it. */
  const sweep = (now = new Date()) =>
    sweepBookingPayments({
      db,
      provider: stripeProvider({
        secretKey: live.stripe.secretKey,
        webhookSecret: live.stripe.webhookSecret,
        apiUrl: live.stripe.url,
        timeoutMs: 2000,
      }),
      now: () => now,
    });

  async function refundOf(paymentId: number) {
    const { rows } = await db.execute<{
      status: string;
      reason: string;
      attempts: number;
      provider_refund_id: string | null;
    }>(sql`
      select status::text, reason::text, attempts, provider_refund_id from payment_refunds where payment_id = ${paymentId}`);
    return rows[0];
  }

  return { ...app, paidScene, startsIn, termsOf, start, started, paymentView, cancel, sweep, refundOf, call };
}
