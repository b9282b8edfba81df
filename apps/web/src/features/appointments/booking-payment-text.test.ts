import type { AppointmentPayment, Payment } from '@vet/contracts/payments';
import { describe, expect, it } from 'vitest';
import {
  cancelPaymentText,
  cancelledPaymentText,
  payAndBookLabel,
  paymentReturnState,
  paymentStartProblemText,
  refundText,
} from './booking-payment-text';

const refundUntil = '2030-05-01T09:00:00.000Z';
const before = Date.parse(refundUntil) - 1;
const after = Date.parse(refundUntil);

const deposit: AppointmentPayment = {
  paymentId: 9,
  kind: 'deposit',
  status: 'paid',
  amountPence: 2000,
  refundUntil,
  terms: 'Cancel 24 hours ahead for a full refund.',
  refund: null,
};
const hold: AppointmentPayment = { ...deposit, kind: 'card_hold', status: 'authorised', amountPence: 3000 };

function payment(
  overrides: Partial<Payment>,
  booking: Partial<NonNullable<Payment['booking']>> = {},
): Payment {
  return {
    id: 9,
    purpose: 'deposit',
    status: 'pending',
    amountPence: 2000,
    invoiceId: null,
    paidAt: null,
    booking: {
      state: 'held',
      heldUntil: '2030-05-01T09:30:00.000Z',
      appointmentId: null,
      refundUntil,
      terms: deposit.terms,
      ...booking,
    },
    refund: null,
    ...overrides,
  };
}

describe('payAndBookLabel', () => {
  it('names the money on the press', () => {
    expect(payAndBookLabel('deposit', 2000)).toBe('Pay £20.00 deposit and book');
    expect(payAndBookLabel('card_hold', 3000)).toBe('Hold £30.00 on your card and book');
  });
});

describe('cancelPaymentText', () => {
  it('refunds a deposit and releases a hold before the deadline', () => {
    expect(cancelPaymentText(deposit, before)).toBe('Your £20.00 deposit will be refunded in full.');
    expect(cancelPaymentText(hold, before)).toBe('The £30.00 held on your card will be released.');
  });

  it('keeps them from the deadline on, as the terms say', () => {
    expect(cancelPaymentText(deposit, after)).toBe(
      'The practice keeps your £20.00 deposit, as its terms say.',
    );
    expect(cancelPaymentText(hold, after)).toBe(
      'The practice takes the £30.00 held on your card, as its terms say.',
    );
  });

  it('says nothing when nothing is held any more', () => {
    expect(cancelPaymentText({ ...deposit, status: 'refunded' }, before)).toBeNull();
    expect(cancelPaymentText({ ...hold, status: 'voided' }, before)).toBeNull();
    expect(
      cancelPaymentText({ ...deposit, refund: { status: 'pending', amountPence: 2000 } }, before),
    ).toBeNull();
  });
});

describe('refundText', () => {
  it('says a refund on its way, done, or stuck', () => {
    expect(refundText({ status: 'pending', amountPence: 2000 })).toMatch(/^£20.00 is being refunded/);
    expect(refundText({ status: 'succeeded', amountPence: 2000 })).toMatch(/^£20.00 was refunded/);
    expect(refundText({ status: 'failed', amountPence: 2000 })).toMatch(/Your practice has been told/);
  });
});

describe('paymentReturnState', () => {
  it('waits while held, and says booked', () => {
    expect(paymentReturnState(payment({}))).toBe('confirming');
    expect(paymentReturnState(payment({ status: 'paid' }, { state: 'booked', appointmentId: 4 }))).toBe(
      'booked',
    );
  });

  it('tells a page left unpaid from a time not kept although money moved', () => {
    expect(paymentReturnState(payment({ status: 'expired' }, { state: 'released' }))).toBe('not-taken');
    expect(
      paymentReturnState(
        payment({ status: 'paid', refund: { status: 'pending', amountPence: 2000 } }, { state: 'released' }),
      ),
    ).toBe('not-kept');
    expect(
      paymentReturnState(payment({ purpose: 'card_hold', status: 'voided' }, { state: 'released' })),
    ).toBe('not-kept');
  });
});

describe('paymentStartProblemText', () => {
  it('says paying is off, or down with nothing taken; leaves other refusals to the step', () => {
    expect(paymentStartProblemText({ status: 409, code: 'payments_off' })).toMatch(/Call the practice/);
    expect(paymentStartProblemText({ status: 503, code: null })).toMatch(/Nothing has been taken/);
    expect(paymentStartProblemText({ status: null, code: null })).toMatch(/Nothing has been taken/);
    expect(paymentStartProblemText({ status: 409, code: null })).toBeNull();
  });
});

describe('cancelledPaymentText', () => {
  it('says a refund or release under way when cancelled in time, before the provider has answered', () => {
    expect(cancelledPaymentText(deposit, true)).toBe('Your £20.00 deposit is being refunded in full.');
    expect(cancelledPaymentText(hold, true)).toBe('The £30.00 held on your card is being released.');
    expect(cancelledPaymentText({ ...hold, status: 'voided' }, true)).toBe(
      'The £30.00 held on your card was released.',
    );
  });

  it('says what the practice keeps when cancelled late, and a refund as it stands', () => {
    expect(cancelledPaymentText(deposit, false)).toBe(
      'The practice keeps your £20.00 deposit, as its terms say.',
    );
    expect(cancelledPaymentText({ ...hold, status: 'captured' }, false)).toMatch(
      /^The practice took the £30.00/,
    );
    expect(
      cancelledPaymentText({ ...deposit, refund: { status: 'succeeded', amountPence: 2000 } }, false),
    ).toMatch(/^£20.00 was refunded/);
    expect(cancelledPaymentText({ ...deposit, status: 'expired' }, true)).toBeNull();
  });
});
