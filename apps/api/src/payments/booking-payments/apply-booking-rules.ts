import { cardHoldDays, refundAttempts } from '@vet/contracts/payment-rules';
import type { Database } from '@vet/db/connection';
import { recordPracticeEvent } from '@vet/practice-events/record-events';
import { sql } from 'drizzle-orm';
import {
  ProviderRefusedError,
  ProviderUnavailableError,
  type PaymentProvider,
  type RefundEvent,
  type RefundState,
} from '../provider/index.ts';
import { paymentFacts } from '../checkout/index.ts';
import { decide, nextRefundAttempt, type BookingDecision } from './booking-payment-rules.ts';
import {
  bookingPaymentsRepository as repository,
  type LockedBookingPayment,
} from './booking-payments-repository.ts';

export interface BookingRulesDeps {
  db: Database;
  provider: PaymentProvider | null;
  now: () => Date;
}

/** The provider's keys for a payment's moves: from our records, so a retry never moves money twice. */
export const refundKey = (refundId: number) => `refund-${refundId}`;
const voidKey = (paymentId: number) => `payment-${paymentId}-void`;
const captureKey = (paymentId: number) => `payment-${paymentId}-capture`;

type Step =
  | {
      kind: 'refund';
      payment: LockedBookingPayment;
      refundId: number;
      amountPence: number;
      askedAs: string | null;
    }
  | { kind: 'void' | 'capture'; payment: LockedBookingPayment; decision: Exclude<BookingDecision, null> };

const providerCode = (error: unknown) =>
  error instanceof ProviderUnavailableError || error instanceof ProviderRefusedError
    ? error.providerCode
    : null;

/** Under the payment's lock: what the rules call for now, a refund row begun where one is owed. */
async function nextStep(deps: BookingRulesDeps, paymentId: number): Promise<Step | null> {
  return deps.db.transaction(async (tx) => {
    const payment = await repository.lock(tx, paymentId);
    if (!payment) return null;
    const now = deps.now();
    const decision = decide(payment, now);
    if (decision === null) return null;
    if (decision.kind === 'keep') {
      await repository.markSettled(tx, paymentId);
      return null;
    }
    if (decision.kind === 'refund') {
      if (payment.refund) {
        if (payment.refund.nextAttemptAt > now) return null;
        return {
          kind: 'refund',
          payment,
          refundId: payment.refund.id,
          amountPence: payment.amountPence,
          askedAs: payment.refund.providerRefundId,
        };
      }
      const refundId = await repository.insertRefund(tx, paymentId, payment.amountPence, decision.reason);
      await repository.markSettled(tx, paymentId);
      return refundId === undefined
        ? null
        : { kind: 'refund', payment, refundId, amountPence: payment.amountPence, askedAs: null };
    }
    return { kind: decision.kind, payment, decision };
  });
}

/** A refund's answer from the provider, applied under the payment's lock: done, failed for good, or asked again later. */
async function refundAnswered(
  deps: BookingRulesDeps,
  step: Extract<Step, { kind: 'refund' }>,
  answer: RefundState | { failedWith: string },
) {
  await deps.db.transaction(async (tx) => {
    const payment = await repository.lock(tx, step.payment.id);
    if (!payment?.refund || payment.refund.status !== 'pending') return;
    const now = deps.now();
    const reason = payment.refund.reason;
    if ('refundId' in answer && answer.status === 'succeeded') {
      const done = await repository.refundSucceeded(tx, step.refundId, answer.refundId);
      if (!done) return;
      await recordPracticeEvent(tx, 'payment.refunded', {
        ...(await paymentFacts(tx, step.payment.id)),
        refund_id: step.refundId,
        provider_refund_id: answer.refundId,
        reason,
        refunded_at: new Date(done.succeeded_at).toISOString(),
      });
      return;
    }
    if ('refundId' in answer && (answer.status === 'pending' || answer.status === 'requires_action')) {
      await repository.refundAsked(tx, step.refundId, answer.refundId);
      return;
    }
    // Failed at the provider (the card closed, say): the same key would answer the same, so it is
    // reported now; a fault of the call is tried again until the attempts are spent.
    const definitive = 'refundId' in answer;
    const attemptsAfter = payment.refund.attempts + 1;
    const last = definitive || attemptsAfter >= refundAttempts;
    const code = 'refundId' in answer ? `refund_${answer.status}` : answer.failedWith;
    const failed = await repository.refundAttemptFailed(
      tx,
      step.refundId,
      code,
      last ? null : nextRefundAttempt(attemptsAfter, now),
    );
    if (failed?.status === 'failed') {
      await recordPracticeEvent(tx, 'payment.refund_failed', {
        ...(await paymentFacts(tx, step.payment.id)),
        refund_id: step.refundId,
        reason,
        attempts: failed.attempts,
        failed_at: now.toISOString(),
      });
    }
  });
}

async function doRefund(
  deps: BookingRulesDeps,
  provider: PaymentProvider,
  step: Extract<Step, { kind: 'refund' }>,
) {
  const intent = step.payment.paymentIntentId;
  let answer: RefundState | { failedWith: string };
  try {
    if (!intent) answer = { failedWith: 'no_payment_intent' };
    else if (step.askedAs) answer = await provider.refundState(step.askedAs);
    else {
      answer = await provider.refund({
        paymentIntentId: intent,
        amountPence: step.amountPence,
        idempotencyKey: refundKey(step.refundId),
        paymentId: step.payment.id,
        portalRefundId: step.refundId,
        reason: 'requested_by_customer',
      });
    }
  } catch (error) {
    const code = providerCode(error);
    if (code === null) throw error;
    answer = { failedWith: code };
  }
  await refundAnswered(deps, step, answer);
}

/** A hold let go or taken at the provider, then recorded with its event under the payment's lock. */
async function moveHold(
  deps: BookingRulesDeps,
  provider: PaymentProvider,
  step: Extract<Step, { kind: 'void' | 'capture' }>,
) {
  const intent = step.payment.paymentIntentId;
  if (!intent) return;
  const { id } = step.payment;
  const state =
    step.kind === 'void'
      ? await provider.voidHold({ paymentIntentId: intent, idempotencyKey: voidKey(id) })
      : await provider.capture({ paymentIntentId: intent, idempotencyKey: captureKey(id) });
  const to = state.status === 'canceled' ? 'voided' : state.status === 'succeeded' ? 'captured' : null;
  if (!to) return;
  await deps.db.transaction(async (tx) => {
    if (!(await repository.holdMoved(tx, id, to))) return;
    const at = deps.now().toISOString();
    const facts = await paymentFacts(tx, id);
    if (to === 'captured') {
      const reason = step.decision.kind === 'capture' ? step.decision.reason : 'hold_lapsing';
      await recordPracticeEvent(tx, 'payment.hold_captured', { ...facts, reason, captured_at: at });
      // Taken for lapsing, it is a deposit now: the rules look at it again when the appointment changes.
      if (reason !== 'hold_lapsing') await repository.markSettled(tx, id);
    } else {
      const reason = step.decision.kind === 'void' ? step.decision.reason : 'time_not_kept';
      await recordPracticeEvent(tx, 'payment.hold_released', { ...facts, reason, released_at: at });
      await repository.markSettled(tx, id);
    }
  });
}

/**
 * Applies decision 0158's rules to one deposit or hold: decided under the payment's lock, the provider
 * called after the commit with a key from our record, the answer applied under the lock again. Any number
 * of callers (the owner's cancellation, the webhook, the sweep) may run it at once: each move is keyed, and
 * each state change happens once. A provider that cannot be reached leaves it for the sweep.
 */
export async function applyBookingRules(deps: BookingRulesDeps, paymentId: number): Promise<void> {
  const provider = deps.provider;
  if (!provider) return;
  const step = await nextStep(deps, paymentId);
  if (!step) return;
  if (step.kind === 'refund') return doRefund(deps, provider, step);
  try {
    await moveHold(deps, provider, step);
  } catch (error) {
    if (providerCode(error) === null) throw error;
  }
}

/** A refund's news from the provider's webhook (it failed, or went through, after it was asked). */
export async function refundNews(deps: BookingRulesDeps, news: RefundEvent): Promise<void> {
  const known = await repository.refundByProviderId(deps.db, news.refundId);
  if (!known) return;
  const payment = await deps.db.transaction((tx) => repository.lock(tx, known.payment_id));
  if (!payment?.refund || payment.refund.status !== 'pending') return;
  const step = {
    kind: 'refund' as const,
    payment,
    refundId: known.id,
    amountPence: news.amountPence,
    askedAs: news.refundId,
  };
  await refundAnswered(deps, step, news);
}

/** The worker's pass: every booking payment with something due, one at a time (decision 0158). */
export async function sweepBookingPayments(deps: BookingRulesDeps, limit = 50) {
  const now = deps.now();
  // The rules' own day count (cardHoldDays): a hold older than this may be one to take as a deposit.
  const lapseBefore = new Date(now.getTime() - cardHoldDays * 86_400_000);
  let applied = 0;
  let failed = 0;
  for (const id of await repository.due(deps.db, now, lapseBefore, limit)) {
    try {
      await applyBookingRules(deps, id);
      applied += 1;
    } catch {
      failed += 1;
    }
  }
  return { applied, failed };
}

/** After appointments were cancelled or moved: their deposits' and holds' rules, now (decision 0158). */
export function rulesForAppointments(deps: BookingRulesDeps) {
  return async (appointmentIds: number[]) => {
    const { rows } = await deps.db.execute<{ id: number }>(sql`
      select id from online_payments
      where appointment_id in (${sql.join(
        appointmentIds.map((id) => sql`${id}`),
        sql`, `,
      )})
        and purpose <> 'invoice' and status in ('paid', 'authorised', 'captured')`);
    for (const { id } of rows) await applyBookingRules(deps, id);
  };
}
