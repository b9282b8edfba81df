import { describe, expect, it } from 'vitest';
import type { HeldCheckout, HeldRefund } from '../provider/index.ts';
import { compareHoldings } from './compare-holdings.ts';
import type { PortalPayment } from './reconciliation-repository.ts';

/** The pairing rules the integration test does not reach: the day's edges, refunds, a second session. */
const from = new Date('2026-11-27T00:00:00Z');
const to = new Date('2026-11-28T00:00:00Z');
const inDay = (at: Date) => at >= from && at < to;
const before = new Date('2026-11-26T23:50:00Z');
const during = new Date('2026-11-27T12:00:00Z');

const checkout = (paymentId: number | null, values: Partial<HeldCheckout> = {}): HeldCheckout => ({
  sessionId: `cs_${paymentId ?? 'x'}`,
  stage: 'paid',
  paymentIntentId: `pi_${paymentId ?? 'x'}`,
  amountPence: 2500,
  paymentId,
  createdAt: during,
  ...values,
});
const payment = (id: number, values: Partial<PortalPayment> = {}): PortalPayment => ({
  id,
  status: 'paid',
  amountPence: 2500,
  sessionId: `cs_${id}`,
  paymentIntentId: `pi_${id}`,
  inDay: true,
  ...values,
});
const refund = (values: Partial<HeldRefund> = {}): HeldRefund => ({
  refundId: 're_1',
  paymentIntentId: 'pi_1',
  amountPence: 2500,
  status: 'succeeded',
  createdAt: during,
  ...values,
});

describe('compareHoldings', () => {
  it('pairs a page made the evening before with its payment paid in the day, and leaves out the day before’s own', () => {
    const result = compareHoldings({
      checkouts: [checkout(1, { createdAt: before }), checkout(2, { createdAt: before, stage: 'expired' })],
      refunds: [],
      payments: [payment(1), payment(2, { status: 'expired', inDay: false })],
      inDay,
    });
    expect(result.differences).toEqual([]);
    expect(result.agreed).toEqual({ paid: 1, paidPence: 2500, notPaid: 0, refunds: 0 });
    expect(result.provider).toMatchObject({ paid: 0, notPaid: 0 });
    expect(result.portal).toMatchObject({ paid: 1, paidPence: 2500 });
  });

  it('names a payment paid only in the portal, a second session, and a page never made as nothing', () => {
    const result = compareHoldings({
      checkouts: [checkout(3, { stage: 'expired' }), checkout(4, { sessionId: 'cs_other' })],
      refunds: [],
      payments: [payment(3), payment(4), payment(5, { status: 'expired', sessionId: null })],
      inDay,
    });
    expect(result.differences.map((d) => [d.kind, d.paymentId, d.sessionId])).toEqual([
      ['paid_in_portal_only', 3, 'cs_3'],
      ['sessions_differ', 4, 'cs_other'],
    ]);
  });

  it('agrees on a whole refund the portal records, and names one it does not; a failed one moved nothing', () => {
    const result = compareHoldings({
      checkouts: [],
      refunds: [
        refund(),
        refund({ refundId: 're_2', paymentIntentId: 'pi_2', amountPence: 1000 }),
        refund({ refundId: 're_3', status: 'failed' }),
      ],
      payments: [payment(1, { status: 'refunded', inDay: false }), payment(2, { inDay: false })],
      inDay,
    });
    expect(result.agreed.refunds).toBe(1);
    expect(result.provider).toMatchObject({ refunds: 2, refundedPence: 3500 });
    expect(result.differences.map((d) => [d.kind, d.paymentId, d.refundId, d.providerAmountPence])).toEqual([
      ['refund_not_in_portal', 2, 're_2', 1000],
    ]);
  });
});
