import { describe, expect, it } from 'vitest';
import { medicineName, writtenFeeText } from './prescription-text';

describe('writtenFeeText (decision 0111)', () => {
  it('says the fee for the medicines chosen, the first at its fee and each further one at its own', () => {
    const capped = { firstPence: 2100, furtherPence: 1250 };
    expect(writtenFeeText(capped, 1)).toBe(
      'The practice’s fee for a written prescription of 1 medicine is £21.00.',
    );
    expect(writtenFeeText(capped, 3)).toBe(
      'The practice’s fee for a written prescription of 3 medicines is £46.00.',
    );
  });

  // The API sends the fees at most the cap in force that day (decision 0142): the page adds them up.
  it('says the first medicine’s fee before any is chosen, and the fees as the API sends them', () => {
    expect(writtenFeeText({ firstPence: 1500, furtherPence: 500 }, 0)).toContain('1 medicine is £15.00');
    expect(writtenFeeText({ firstPence: 2200, furtherPence: 1300 }, 2)).toContain('£35.00');
  });

  it('names a medicine with its strength when it has one', () => {
    expect(medicineName({ medicine: 'Vetmedin', strength: '2.5 mg' })).toBe('Vetmedin 2.5 mg');
    expect(medicineName({ medicine: 'Yumove', strength: null })).toBe('Yumove');
  });
});
