import { describe, expect, it } from 'vitest';
import { estimateState, invoiceDuePence, invoiceState } from './bill-rules.ts';

const today = '2026-11-28';
const proposed = { status: 'proposed', answer: null, expiresOn: null } as const;

describe('estimateState', () => {
  it('asks for an answer until the day after its expiry, in the practices’ clock', () => {
    expect(estimateState(proposed, today)).toBe('needsAnswer');
    expect(estimateState({ ...proposed, expiresOn: today }, today)).toBe('needsAnswer');
    expect(estimateState({ ...proposed, expiresOn: '2026-11-27' }, today)).toBe('expired');
  });

  it('takes the owner’s answer over the practice’s status, but not over a replacement', () => {
    expect(estimateState({ ...proposed, answer: 'accepted', expiresOn: '2026-11-01' }, today)).toBe(
      'accepted',
    );
    expect(estimateState({ ...proposed, status: 'accepted', answer: 'declined' }, today)).toBe('declined');
    expect(estimateState({ ...proposed, status: 'superseded', answer: 'accepted' }, today)).toBe(
      'superseded',
    );
  });

  it('keeps the practice’s own status when the owner has not answered', () => {
    expect(estimateState({ ...proposed, status: 'accepted' }, today)).toBe('accepted');
    expect(estimateState({ ...proposed, status: 'expired', expiresOn: '2027-01-01' }, today)).toBe('expired');
  });
});

describe('invoiceState', () => {
  const bill = { status: 'issued', totalPence: 12_000, paidPence: 0 } as const;
  it('reads paid and part paid from what the practice says is paid, as well as its status', () => {
    expect(invoiceState(bill)).toBe('unpaid');
    expect(invoiceState({ ...bill, paidPence: 2_000 })).toBe('partPaid');
    expect(invoiceState({ ...bill, paidPence: 12_000 })).toBe('paid');
    expect(invoiceState({ ...bill, status: 'part_paid' })).toBe('partPaid');
    expect(invoiceState({ ...bill, status: 'paid' })).toBe('paid');
  });

  it('owes nothing once credited, nor below nothing when overpaid', () => {
    expect(invoiceState({ ...bill, status: 'credited', paidPence: 100 })).toBe('credited');
    expect(invoiceDuePence({ ...bill, status: 'credited' })).toBe(0);
    expect(invoiceDuePence({ ...bill, paidPence: 13_000 })).toBe(0);
    expect(invoiceDuePence({ ...bill, paidPence: 2_500 })).toBe(9_500);
  });
});
