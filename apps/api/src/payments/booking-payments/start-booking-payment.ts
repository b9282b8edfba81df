import { checkoutMinutes } from '@vet/contracts/payment-rules';
import type {
  BookingPaymentTerms,
  BookingPaymentTermsQuery,
  StartBookingPayment,
  StartedBookingPayment,
} from '@vet/contracts/payments';
import type { AppointmentSlot } from '@vet/contracts/appointment-booking';
import {
  holdForPayment,
  loadBookingContext,
  practiceTime,
  releasePaymentHold,
  type BookingDeps,
} from '../../appointments/index.ts';
import { conflict, serviceUnavailable, type LinkedClient } from '../../platform/index.ts';
import { checkoutKey, paymentMessages, type PaymentsDeps } from '../checkout/index.ts';
import { ProviderRefusedError, ProviderUnavailableError } from '../provider/index.ts';
import { bookingPaymentsRepository as repository } from './booking-payments-repository.ts';
import { termsFor } from './booking-terms.ts';

export interface BookingPaymentsDeps {
  payments: PaymentsDeps;
  booking: BookingDeps;
}

export const bookingPaymentMessages = {
  termsChanged: (terms: BookingPaymentTerms) =>
    terms.kind === 'none'
      ? 'The practice no longer asks a payment to book this appointment. Check the details, then book.'
      : `What the practice asks to book has changed: ${terms.terms} Check it, then book again.`,
} as const;

/** The page's life: a little over the provider's minimum, and the time is held as long (decision 0158). */
const pageMs = (checkoutMinutes + 1) * 60_000;

/** GET /v2/appointment-payments/terms: what booking the reason at the start asks of the client. */
export async function bookingPaymentTerms(
  deps: BookingPaymentsDeps,
  client: LinkedClient,
  query: BookingPaymentTermsQuery,
): Promise<BookingPaymentTerms> {
  const context = await loadBookingContext(deps.booking, client, query);
  return termsFor(
    deps.payments.db,
    {
      clientId: client.clientId,
      practiceId: context.practice.practiceId,
      reasonId: context.reason.appointmentReasonId,
      startsAt: new Date(query.startsAt),
      cutoffMinutes: context.practice.cutoffMinutes,
    },
    deps.booking.now(),
  );
}

export type StartBookingOutcome =
  | { kind: 'started'; payment: StartedBookingPayment }
  | { kind: 'taken'; alternatives: AppointmentSlot[] }
  | { kind: 'petBusy'; petName: string };

/**
 * POST /v2/appointment-payments (decision 0158): the start held for the client's pet by the booking's
 * rules, and the deposit's or hold's payment written, in one transaction, with the terms the owner was
 * shown checked against the practice's now (409 `terms_changed`); then the provider's page, keyed by the
 * payment, asked for after the commit. The provider down: the time is let go at once and nothing is taken
 * (503). A second press for the same pet and start while its page is open is sent to the same page.
 */
export async function startBookingPayment(
  deps: BookingPaymentsDeps,
  client: LinkedClient,
  body: StartBookingPayment,
): Promise<StartBookingOutcome> {
  const { payments } = deps;
  const provider = payments.provider;
  if (!provider) throw conflict(paymentMessages.off, 'payments_off');
  const startsAt = new Date(body.startsAt);
  const now = deps.booking.now();
  const open = await repository.openFor(payments.db, client.clientId, body.petId, startsAt);
  if (open?.checkout_url && open.expires_at.getTime() - now.getTime() > 10 * 60_000) {
    return {
      kind: 'started',
      payment: {
        paymentId: open.id,
        checkoutUrl: open.checkout_url,
        heldUntil: open.expires_at.toISOString(),
      },
    };
  }
  const expiresAt = new Date(now.getTime() + pageMs);
  const outcome = await holdForPayment(deps.booking, client, body, expiresAt, async (tx, hold, context) => {
    const terms = await termsFor(
      tx,
      {
        clientId: client.clientId,
        practiceId: context.practice.practiceId,
        reasonId: context.reason.appointmentReasonId,
        startsAt,
        cutoffMinutes: context.practice.cutoffMinutes,
      },
      now,
    );
    if (terms.kind === 'none' || terms.kind !== body.kind || terms.amountPence !== body.amountPence) {
      throw conflict(bookingPaymentMessages.termsChanged(terms), 'terms_changed');
    }
    const what = terms.kind === 'deposit' ? 'Deposit' : 'Card hold';
    const description =
      `${what} for ${context.reason.name} for ${context.pet?.name ?? 'your pet'}, ` +
      `${practiceTime(startsAt)}, ${context.practice.name}`;
    const paymentId = await repository.insert(tx, {
      purpose: terms.kind,
      practiceId: context.practice.practiceId,
      clientId: client.clientId,
      amountPence: terms.amountPence,
      description,
      expiresAt,
      softBookingId: hold.id,
      refundUntil: new Date(terms.refundUntil),
      cutoffMinutes: context.practice.cutoffMinutes,
    });
    return { paymentId, description, kind: terms.kind, amountPence: terms.amountPence };
  });
  if (outcome.kind === 'taken') return { kind: 'taken', alternatives: outcome.alternatives };
  if (outcome.kind === 'petBusy') return { kind: 'petBusy', petName: outcome.petName };
  if (outcome.kind !== 'held') throw new Error('unexpected hold outcome');
  const { paymentId, description, kind, amountPence } = outcome.result;
  const back = `${payments.portalUrl}/appointments/payment/${paymentId}`;
  try {
    const state = await provider.startCheckout({
      paymentId,
      idempotencyKey: checkoutKey(paymentId),
      amountPence,
      description,
      customerEmail: client.email,
      successUrl: back,
      cancelUrl: `${back}?cancelled=1`,
      expiresAt,
      capture: kind === 'card_hold' ? 'manual' : 'automatic',
    });
    if (!state.url) throw new ProviderUnavailableError('no_url');
    await payments.db.transaction((tx) =>
      payments.repository.setCheckout(tx, paymentId, state.sessionId, state.url),
    );
    return {
      kind: 'started',
      payment: { paymentId, checkoutUrl: state.url, heldUntil: expiresAt.toISOString() },
    };
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError || error instanceof ProviderRefusedError)) throw error;
    // Nothing can be paid without a page: the attempt ends and the time is free again at once. Had the
    // provider made the page after all, the sweep closes it (it is keyed by this payment).
    await payments.db.transaction(async (tx) => {
      const locked = await payments.repository.lock(tx, paymentId);
      if (locked?.status !== 'pending' || locked.checkout_session_id) return;
      await payments.repository.markExpired(tx, paymentId);
      await releasePaymentHold(tx, outcome.hold.id);
    });
    throw serviceUnavailable(paymentMessages.unavailable, 'provider_unavailable');
  }
}
