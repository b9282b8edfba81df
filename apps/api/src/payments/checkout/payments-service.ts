import { formatPounds } from '@vet/contracts/money';
import { checkoutMinutes } from '@vet/contracts/payment-rules';
import type { Payment } from '@vet/contracts/payments';
import { conflict, notFound, serviceUnavailable } from '../../platform/index.ts';
import { ProviderRefusedError, ProviderUnavailableError } from '../provider/index.ts';
import type { PaymentRow } from './payments-repository.ts';
import { settle, type PaymentsDeps } from './settle-payment.ts';

/** What the owner reads when a payment cannot start or is not theirs. */
export const paymentMessages = {
  off: 'Paying online is not available yet. Call the practice to pay.',
  billNotFound: 'We could not find that bill.',
  notFound: 'We could not find that payment.',
  nothingDue: 'This bill has nothing left to pay.',
  amountChanged: (due: number) =>
    `The amount due on this bill is now ${formatPounds(due)}. Check it, then pay again.`,
  unavailable:
    'Paying online is not working just now. Nothing has been taken. Try again in a few minutes, or call the practice.',
} as const;

/** The provider is asked for a little over its minimum (30 minutes), so a slow first call still meets it. */
const pageMinutes = checkoutMinutes + 1;
/** A page with less time left than this is closed and a new one opened, rather than sent to the owner. */
const reuseMinutes = 10;

const minutes = (count: number) => count * 60_000;

/** The provider's key for a payment's hosted page: from our record, so a retry never makes a second. */
export const checkoutKey = (paymentId: number) => `payment-${paymentId}-checkout`;

async function onProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError || error instanceof ProviderRefusedError)) throw error;
    // A refusal (4xx) is a fault of ours or of the account; the owner can only try again later.
    throw serviceUnavailable(
      paymentMessages.unavailable,
      error instanceof ProviderUnavailableError ? 'provider_unavailable' : 'provider_refused',
    );
  }
}

/** Asks the provider where a pending payment's page stands and applies it; an unreachable provider is no news. */
async function refresh(deps: PaymentsDeps, payment: PaymentRow, expire: boolean): Promise<void> {
  if (!deps.provider || payment.status !== 'pending' || !payment.checkout_session_id) return;
  const sessionId = payment.checkout_session_id;
  const provider = deps.provider;
  const state = await onProvider(() =>
    expire ? provider.expireCheckout(sessionId) : provider.checkout(sessionId),
  );
  await deps.db.transaction((tx) => settle(deps, tx, payment.id, state));
  if (payment.purpose !== 'invoice') await deps.bookings?.afterSettled(payment.id);
}

export interface StartedPayment {
  paymentId: number;
  checkoutUrl: string;
}

type Attempt = { kind: 'go'; payment: PaymentRow } | { kind: 'close'; payment: PaymentRow };

/** Under the bill's lock: the attempt to send the owner to, or a stale one to close first. */
async function attemptFor(
  deps: PaymentsDeps,
  clientId: number,
  invoiceId: number,
  amountPence: number,
  now: Date,
): Promise<Attempt> {
  return deps.db.transaction(async (tx) => {
    const invoice = await deps.repository.lockInvoice(tx, clientId, invoiceId);
    if (!invoice) throw notFound(paymentMessages.billNotFound);
    // Off: said only of the client's own bill, so another's answers like a missing one either way.
    if (!deps.provider) throw conflict(paymentMessages.off, 'payments_off');
    const due = invoice.status === 'credited' ? 0 : Math.max(0, invoice.total_pence - invoice.paid_pence);
    if (due === 0) throw conflict(paymentMessages.nothingDue, 'nothing_due');
    if (amountPence !== due) throw conflict(paymentMessages.amountChanged(due), 'amount_changed');
    const pending = await deps.repository.pendingForInvoice(tx, invoiceId);
    if (pending) {
      const fresh =
        pending.amount_pence === due && pending.expires_at.getTime() - now.getTime() > minutes(reuseMinutes);
      if (fresh) return { kind: 'go', payment: pending };
      // No page was ever opened for it: nobody can pay it, so it simply ends.
      if (!pending.checkout_session_id) await deps.repository.markExpired(tx, pending.id);
      else return { kind: 'close', payment: pending };
    }
    const what = `Bill ${invoice.pms_ref ?? invoice.id}${invoice.title ? `, ${invoice.title}` : ''}`;
    const payment = await deps.repository.insert(tx, {
      purpose: 'invoice',
      practice_id: invoice.practice_id,
      client_id: clientId,
      invoice_id: invoice.id,
      amount_pence: due,
      description: `${what}, ${invoice.practice_name}`,
      expiresAt: new Date(now.getTime() + minutes(pageMinutes)),
    });
    return { kind: 'go', payment };
  });
}

/**
 * POST /v2/bills/invoices/{invoiceId}/payment (decision 0157): the bill paid in full on the provider's page.
 * The amount the owner saw must be what is due now (else 409 with the new amount). The payment is written
 * before the provider is called, its key derived from it; the provider is never called under a lock.
 */
export async function startInvoicePayment(
  deps: PaymentsDeps,
  client: { clientId: number; email: string | null },
  invoiceId: number,
  amountPence: number,
  now = new Date(),
): Promise<StartedPayment> {
  let attempt = await attemptFor(deps, client.clientId, invoiceId, amountPence, now);
  if (attempt.kind === 'close') {
    // Closed at the provider first: if it was paid meanwhile, what is due has changed and the owner is told.
    await refresh(deps, attempt.payment, true);
    attempt = await attemptFor(deps, client.clientId, invoiceId, amountPence, now);
    if (attempt.kind === 'close')
      throw serviceUnavailable(paymentMessages.unavailable, 'provider_unavailable');
  }
  const payment = attempt.payment;
  const provider = deps.provider;
  if (!provider) throw conflict(paymentMessages.off, 'payments_off');
  if (payment.checkout_url) return { paymentId: payment.id, checkoutUrl: payment.checkout_url };
  const back = `${deps.portalUrl}/bills/invoices/${invoiceId}?payment=${payment.id}`;
  const state = await onProvider(() =>
    provider.startCheckout({
      paymentId: payment.id,
      idempotencyKey: checkoutKey(payment.id),
      amountPence: payment.amount_pence,
      description: payment.description,
      customerEmail: client.email,
      successUrl: back,
      cancelUrl: `${back}&cancelled=1`,
      expiresAt: payment.expires_at,
      capture: 'automatic',
    }),
  );
  if (!state.url) throw serviceUnavailable(paymentMessages.unavailable, 'provider_unavailable');
  await deps.db.transaction((tx) => deps.repository.setCheckout(tx, payment.id, state.sessionId, state.url));
  return { paymentId: payment.id, checkoutUrl: state.url };
}

export type PaymentView = Payment;

/** The client's payment as it stands now; another client's answers like a missing one. */
async function paymentOf(deps: PaymentsDeps, clientId: number, paymentId: number): Promise<PaymentRow> {
  const payment = await deps.db.transaction((tx) => deps.repository.lock(tx, paymentId, clientId));
  if (!payment) throw notFound(paymentMessages.notFound);
  return payment;
}

function viewOf(payment: PaymentRow): PaymentView {
  return {
    id: payment.id,
    purpose: payment.purpose,
    status: payment.status,
    amountPence: payment.amount_pence,
    invoiceId: payment.invoice_id,
    paidAt: payment.paid_at ? new Date(payment.paid_at).toISOString() : null,
    booking: null,
    refund: null,
  };
}

async function view(deps: PaymentsDeps, clientId: number, paymentId: number): Promise<PaymentView> {
  const payment = await paymentOf(deps, clientId, paymentId);
  if (payment.purpose === 'invoice' || !deps.bookings) return viewOf(payment);
  return { ...viewOf(payment), ...(await deps.bookings.describe(paymentId)) };
}

/**
 * GET /v2/payments/{paymentId}: where a payment of the client's stands. A pending one is checked with the
 * provider first, so an owner back from its page sees the truth whether or not its webhook has come.
 */
export async function getPayment(
  deps: PaymentsDeps,
  clientId: number,
  paymentId: number,
): Promise<PaymentView> {
  const payment = await paymentOf(deps, clientId, paymentId);
  if (payment.status === 'pending') {
    try {
      await refresh(deps, payment, false);
    } catch {
      // The provider is down: the page shows the payment as still being confirmed, and asks again.
    }
  }
  return view(deps, clientId, paymentId);
}

/** POST /v2/payments/{paymentId}/cancel: the owner came back without paying; the page is closed. */
export async function cancelPayment(
  deps: PaymentsDeps,
  clientId: number,
  paymentId: number,
): Promise<PaymentView> {
  const payment = await deps.db.transaction(async (tx) => {
    const locked = await deps.repository.lock(tx, paymentId, clientId);
    // No page was ever opened for it: nobody can pay it, so it simply ends.
    if (locked?.status === 'pending' && !locked.checkout_session_id) {
      await deps.repository.markExpired(tx, paymentId);
      if (locked.purpose !== 'invoice') await deps.bookings?.ended(tx, locked);
    }
    return locked;
  });
  if (!payment) throw notFound(paymentMessages.notFound);
  await refresh(deps, payment, true);
  return view(deps, clientId, paymentId);
}
