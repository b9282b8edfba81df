import { describe, expect, it } from 'vitest';
import { reasons } from './cells.ts';
import { medicationReasons, medications } from './medications.ts';
import { accepted, refused } from './testing/kind-fixtures.ts';
import { validRows } from './testing/valid-rows.ts';

const valid = validRows['medications.csv'];

describe('medications.csv', () => {
  it('stages a pet’s medicine with its legal category as the list writes it', () => {
    expect(accepted(medications, valid)).toEqual({
      medication_ref: 'M1',
      pet_ref: 'A1',
      medicine: 'Vetmedin',
      strength: '2.5 mg',
      dose_instructions: 'One tablet twice a day',
      category: 'POM-V',
      prescribed_on: '2026-10-01',
      clinician_ref: 'C1',
      repeatable: true,
      repeats_left: 3,
      review_due: '2027-04-01',
      max_quantity: 2,
      unit: 'packs of 50 tablets',
    });
  });

  it('takes empty optional cells as the portal’s defaults (null here)', () => {
    const record = accepted(medications, {
      medication_ref: 'M1',
      pet_ref: 'A1',
      medicine: 'Apoquel',
      prescribed_on: '2026-10-01',
    });
    expect(record).toMatchObject({
      category: null,
      repeatable: true,
      repeats_left: null,
      review_due: null,
      max_quantity: null,
      unit: null,
    });
  });

  it('refuses a prescription dated after today, an unknown category and counts out of range', () => {
    expect(
      refused(medications, {
        ...valid,
        prescribed_on: '2999-01-01',
        category: 'POM',
        repeats_left: '-1',
        max_quantity: '0',
        repeatable: 'yes',
      }),
    ).toEqual([
      { column: 'category', reason: reasons.oneOf(['POM-V', 'POM-VPS', 'NFA-VPS', 'AVM-GSL']) },
      { column: 'prescribed_on', reason: medicationReasons.prescribedAfterToday },
      { column: 'repeatable', reason: reasons.boolean(true) },
      { column: 'repeats_left', reason: 'not a whole number from 0 to 99' },
      { column: 'max_quantity', reason: 'not a whole number from 1 to 1000' },
    ]);
  });

  it('refuses a medicine without a name or a prescription date', () => {
    expect(refused(medications, { ...valid, medicine: '', prescribed_on: '' })).toEqual([
      { column: 'prescribed_on', reason: reasons.required },
      { column: 'medicine', reason: reasons.required },
    ]);
  });
});
