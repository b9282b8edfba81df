import { describe, expect, it } from 'vitest';
import {
  practiceWrittenPrescriptionFees,
  writtenFeeText,
  writtenPrescriptionNotice,
} from './written-prescription-notice.ts';

const cap = { firstPence: 2100, furtherPence: 1250 };

describe('practiceWrittenPrescriptionFees (decision 0148)', () => {
  it('is the practice’s own fee, at most the cap in force', () => {
    expect(practiceWrittenPrescriptionFees({ firstPence: 1500, furtherPence: 500 }, cap)).toEqual({
      firstPence: 1500,
      furtherPence: 500,
    });
    expect(practiceWrittenPrescriptionFees({ firstPence: 2500, furtherPence: 1000 }, cap)).toEqual({
      firstPence: 2100,
      furtherPence: 1000,
    });
  });

  it('is the cap in force where the practice sets no fee of its own, each amount on its own', () => {
    const later = { firstPence: 2260, furtherPence: 1340 };
    expect(practiceWrittenPrescriptionFees({ firstPence: null, furtherPence: null }, later)).toEqual(later);
    expect(practiceWrittenPrescriptionFees({ firstPence: 1800, furtherPence: null }, later)).toEqual({
      firstPence: 1800,
      furtherPence: 1340,
    });
  });
});

describe('writtenPrescriptionNotice', () => {
  it('says a written prescription may be asked for, with the practice’s fees in pounds', () => {
    expect(writtenPrescriptionNotice({ firstPence: 1850, furtherPence: 900 })).toBe(
      'You can ask for a written prescription and buy your pet’s medicines from a pharmacy of your choice. ' +
        'The practice’s fee for a written prescription is £18.50 for the first medicine and £9.00 for each ' +
        'further medicine on the same prescription.',
    );
  });
});

describe('writtenFeeText (decision 0111)', () => {
  it('says the fee for the medicines chosen, the first at its fee and each further one at its own', () => {
    expect(writtenFeeText(cap, 1)).toBe(
      'The practice’s fee for a written prescription of 1 medicine is £21.00.',
    );
    expect(writtenFeeText(cap, 3)).toBe(
      'The practice’s fee for a written prescription of 3 medicines is £46.00.',
    );
  });

  it('says the first medicine’s fee before any is chosen, and the fees as the API sends them', () => {
    expect(writtenFeeText({ firstPence: 1500, furtherPence: 500 }, 0)).toContain('1 medicine is £15.00');
    expect(writtenFeeText({ firstPence: 2200, furtherPence: 1300 }, 2)).toContain('£35.00');
  });
});
