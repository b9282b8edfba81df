import { describe, expect, it } from 'vitest';
import { clinicians } from './clinicians.ts';
import { accepted, refused } from './testing/kind-fixtures.ts';
import { validRows } from './testing/valid-rows.ts';

const valid = validRows['clinicians.csv'];

describe('clinicians.csv', () => {
  it('stages a clinician, the type in the portal’s spelling, active unless told', () => {
    expect(accepted(clinicians, valid)).toEqual({
      clinician_ref: 'C1',
      practice_ref: 'P1',
      first_name: 'Ada',
      last_name: 'Vetson',
      clinician_type: 'Vet',
      active: true,
    });
    expect(accepted(clinicians, { ...valid, clinician_type: 'nurse', active: '' })).toMatchObject({
      clinician_type: 'Nurse',
      active: true,
    });
    expect(accepted(clinicians, { ...valid, active: 'FALSE' }).active).toBe(false);
  });

  it('refuses a type other than Vet or Nurse, the portal’s Unknown included', () => {
    for (const type of ['Receptionist', 'Unknown', 'V']) {
      expect(refused(clinicians, { ...valid, clinician_type: type })).toEqual([
        { column: 'clinician_type', reason: 'not one of Vet, Nurse' },
      ]);
    }
  });

  it('refuses active that is not true or false', () => {
    expect(refused(clinicians, { ...valid, active: 'Y' })).toEqual([
      { column: 'active', reason: 'not true or false (empty means true)' },
    ]);
  });
});
