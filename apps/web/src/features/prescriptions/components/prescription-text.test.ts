import { describe, expect, it } from 'vitest';
import { medicineName } from './prescription-text';

describe('medicineName', () => {
  it('names a medicine with its strength when it has one', () => {
    expect(medicineName({ medicine: 'Vetmedin', strength: '2.5 mg' })).toBe('Vetmedin 2.5 mg');
    expect(medicineName({ medicine: 'Yumove', strength: null })).toBe('Yumove');
  });
});
