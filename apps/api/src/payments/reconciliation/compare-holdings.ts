import type { HeldCheckout, HeldRefund } from '../provider/index.ts';
import type { PortalPayment } from './reconciliation-repository.ts';

/**
 * A day's reconciliation (issue 64): what the provider and the portal each hold, paired by the portal's
 * payment id (the session's metadata `payment_id`) and by the session id, and every difference with its
 * reason. Ids and amounts in pence only: never a name or an e-mail.
 */

/** Why a pair differs, the most serious first (the order the report lists them in). */
export const differenceKinds = [
  'paid_at_provider_only',
  'no_portal_payment',
  'paid_in_portal_only',
  'amounts_differ',
  'states_differ',
  'sessions_differ',
  'session_missing_at_provider',
  'refund_not_in_portal',
] as const;
export type DifferenceKind = (typeof differenceKinds)[number];

export const differenceReasons: Record<DifferenceKind, string> = {
  paid_at_provider_only: 'paid at Stripe, not paid in the portal: money taken, not recorded',
  no_portal_payment: 'a Stripe session with no portal payment',
  paid_in_portal_only: 'paid in the portal, not at Stripe',
  amounts_differ: 'the amounts differ',
  states_differ: 'paid at one, only held (authorised) at the other',
  sessions_differ: 'the portal names another Stripe session for this payment',
  session_missing_at_provider: 'the portal names a Stripe session that Stripe does not list',
  refund_not_in_portal: 'refunded at Stripe, not recorded as refunded in the portal',
};

export interface Difference {
  kind: DifferenceKind;
  reason: string;
  paymentId: number | null;
  sessionId: string | null;
  refundId: string | null;
  /** Stripe's word: `paid`, `authorised`, `open`, `expired`; a refund's status. */
  providerState: string | null;
  providerAmountPence: number | null;
  portalStatus: string | null;
  portalAmountPence: number | null;
}

/** One side's day: money taken (or held) and attempts that took nothing. */
export interface Side {
  paid: number;
  paidPence: number;
  notPaid: number;
}

export interface Reconciliation {
  provider: Side & { refunds: number; refundedPence: number };
  portal: Side;
  agreed: { paid: number; paidPence: number; notPaid: number; refunds: number };
  differences: Difference[];
}

/** Money taken or held, in words both sides share: the portal's statuses and the provider's stages. */
type Taken = 'paid' | 'authorised' | 'none';
const portalTaken = (status: string): Taken =>
  status === 'paid' || status === 'captured' || status === 'refunded'
    ? 'paid'
    : status === 'authorised'
      ? 'authorised'
      : 'none';
const providerTaken = (stage: string): Taken =>
  stage === 'paid' ? 'paid' : stage === 'authorised' ? 'authorised' : 'none';
/** A refund that moved money, or will: failed and canceled ones gave nothing back. */
const refundMoves = (refund: HeldRefund) => refund.status === 'succeeded' || refund.status === 'pending';

interface Pair {
  checkout: HeldCheckout | undefined;
  payment: PortalPayment | undefined;
}

/** Each provider page with its portal payment (by session id, then payment id), then the portal's alone. */
function pairsOf(checkouts: readonly HeldCheckout[], payments: readonly PortalPayment[]): Pair[] {
  const bySession = new Map(payments.flatMap((p) => (p.sessionId ? [[p.sessionId, p] as const] : [])));
  const byId = new Map(payments.map((p) => [p.id, p]));
  const paired = new Set<number>();
  const pairs: Pair[] = checkouts.map((checkout) => {
    const payment =
      bySession.get(checkout.sessionId) ??
      (checkout.paymentId === null ? undefined : byId.get(checkout.paymentId));
    if (payment) paired.add(payment.id);
    return { checkout, payment };
  });
  for (const payment of payments) if (!paired.has(payment.id)) pairs.push({ checkout: undefined, payment });
  return pairs;
}

function kindOf({ checkout, payment }: Pair): DifferenceKind | 'agreed' | 'ignored' {
  if (!checkout) {
    if (!payment) return 'ignored';
    if (portalTaken(payment.status) !== 'none') return 'paid_in_portal_only';
    // Never paid and never at Stripe (the call failed before a page was made): nothing to differ.
    return payment.sessionId === null ? 'ignored' : 'session_missing_at_provider';
  }
  if (!payment) return 'no_portal_payment';
  if (payment.sessionId !== null && payment.sessionId !== checkout.sessionId) return 'sessions_differ';
  const atProvider = providerTaken(checkout.stage);
  const inPortal = portalTaken(payment.status);
  if (atProvider !== 'none' && inPortal === 'none') return 'paid_at_provider_only';
  if (atProvider === 'none' && inPortal !== 'none') return 'paid_in_portal_only';
  if (atProvider !== inPortal) return 'states_differ';
  if (atProvider !== 'none' && checkout.amountPence !== payment.amountPence) return 'amounts_differ';
  return 'agreed';
}

const emptySide = (): Side => ({ paid: 0, paidPence: 0, notPaid: 0 });

/**
 * The comparison: `checkouts` and `refunds` are the provider's over a window wide enough to hold every
 * counterpart; `inDay` says which of them are the day's (created in it). `payments` are the portal's day
 * and, whatever their day, the payments the provider names. A pair is the day's if either half is.
 */
export function compareHoldings(input: {
  checkouts: readonly HeldCheckout[];
  refunds: readonly HeldRefund[];
  payments: readonly PortalPayment[];
  inDay: (createdAt: Date) => boolean;
}): Reconciliation {
  const provider = { ...emptySide(), refunds: 0, refundedPence: 0 };
  const portal = emptySide();
  const agreed = { paid: 0, paidPence: 0, notPaid: 0, refunds: 0 };
  const differences: Difference[] = [];
  const differ = (kind: DifferenceKind, pair: Pair, refund?: HeldRefund) =>
    differences.push({
      kind,
      reason: differenceReasons[kind],
      paymentId: pair.payment?.id ?? pair.checkout?.paymentId ?? null,
      sessionId: pair.checkout?.sessionId ?? pair.payment?.sessionId ?? null,
      refundId: refund?.refundId ?? null,
      providerState: refund?.status ?? pair.checkout?.stage ?? null,
      providerAmountPence: refund?.amountPence ?? pair.checkout?.amountPence ?? null,
      portalStatus: pair.payment?.status ?? null,
      portalAmountPence: pair.payment?.amountPence ?? null,
    });

  for (const pair of pairsOf(input.checkouts, input.payments)) {
    const checkoutInDay = pair.checkout !== undefined && input.inDay(pair.checkout.createdAt);
    if (!checkoutInDay && !pair.payment?.inDay) continue;
    if (checkoutInDay && pair.checkout) {
      const taken = providerTaken(pair.checkout.stage) !== 'none';
      provider.paid += taken ? 1 : 0;
      provider.paidPence += taken ? pair.checkout.amountPence : 0;
      provider.notPaid += taken ? 0 : 1;
    }
    if (pair.payment?.inDay) {
      const taken = portalTaken(pair.payment.status) !== 'none';
      portal.paid += taken ? 1 : 0;
      portal.paidPence += taken ? pair.payment.amountPence : 0;
      portal.notPaid += taken ? 0 : 1;
    }
    const kind = kindOf(pair);
    if (kind === 'ignored') continue;
    if (kind !== 'agreed') differ(kind, pair);
    else if (providerTaken(pair.checkout!.stage) === 'none') agreed.notPaid += 1;
    else {
      agreed.paid += 1;
      agreed.paidPence += pair.checkout!.amountPence;
    }
  }

  // Refunds: the portal records none in part yet, so a refund agrees only when it gave the whole back.
  const byIntent = new Map(
    input.payments.flatMap((p) => (p.paymentIntentId ? [[p.paymentIntentId, p] as const] : [])),
  );
  for (const refund of input.refunds) {
    if (!input.inDay(refund.createdAt) || !refundMoves(refund)) continue;
    provider.refunds += 1;
    provider.refundedPence += refund.amountPence;
    const payment = refund.paymentIntentId ? byIntent.get(refund.paymentIntentId) : undefined;
    if (payment?.status === 'refunded' && payment.amountPence === refund.amountPence) agreed.refunds += 1;
    else differ('refund_not_in_portal', { checkout: undefined, payment }, refund);
  }

  differences.sort((a, b) => differenceKinds.indexOf(a.kind) - differenceKinds.indexOf(b.kind));
  return { provider, portal, agreed, differences };
}
