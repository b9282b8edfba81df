import { declineReasonMaxLength } from '@vet/contracts/bills';
import { describe, expect, it } from 'vitest';
import { billStateLabel, quantityText } from './bill-text';
import { declineReasonLimit, declineReasonProblem, revisedText } from './estimate-answer-text';

const header = {
  id: 1,
  title: null,
  issuedOn: '2026-11-20',
  petNames: [],
  clinicianName: null,
  totalPence: 8000,
  vatPence: 1333,
  practiceName: 'Willowbrook',
};

describe('bill state labels (issue 63)', () => {
  it.each([
    ['needsAnswer', 'Needs your answer'],
    ['accepted', 'Accepted'],
    ['declined', 'Declined'],
    ['expired', 'Expired'],
    ['superseded', 'Replaced by a newer estimate'],
  ] as const)('an estimate %s reads “%s”', (state, label) => {
    expect(billStateLabel({ ...header, kind: 'estimate', state, expiresOn: null })).toBe(label);
  });

  it.each([
    ['unpaid', 8000, 'Unpaid £80.00 due'],
    ['partPaid', 2050, 'Part paid £20.50 due'],
    ['paid', 0, 'Paid'],
    ['credited', 0, 'Credited'],
  ] as const)('a bill %s with %i due reads “%s”', (state, duePence, label) => {
    expect(billStateLabel({ ...header, kind: 'invoice', state, duePence })).toBe(label);
  });
});

describe('estimate words', () => {
  it('takes the contract’s limit on a decline’s reason', () => {
    expect(declineReasonLimit).toBe(declineReasonMaxLength);
    expect(declineReasonProblem('x'.repeat(declineReasonLimit))).toBeNull();
    expect(declineReasonProblem('x'.repeat(declineReasonLimit + 1))).toBe(
      'Keep the reason under 500 characters.',
    );
  });

  it('says “Revised: was £X” only for a changed total', () => {
    expect(revisedText({ previousTotalPence: 50_000, totalPence: 60_000 })).toBe('Revised: was £500.00');
    expect(revisedText({ previousTotalPence: null, totalPence: 60_000 })).toBeNull();
  });

  it('writes a quantity as counted, without trailing zeros', () => {
    expect([quantityText('1'), quantityText('2.500'), quantityText('0.350'), quantityText('3.000')]).toEqual([
      '1',
      '2.5',
      '0.35',
      '3',
    ]);
  });
});
