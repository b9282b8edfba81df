import { describe, expect, it } from 'vitest';
import { appointmentReasons } from './appointment-reasons.ts';
import { accepted, idOf, refused } from './testing/kind-fixtures.ts';
import { validRows } from './testing/valid-rows.ts';

const valid = validRows['appointment_reasons.csv'];

describe('appointment_reasons.csv', () => {
  it('stages a reason with its species as ids', () => {
    expect(accepted(appointmentReasons, valid)).toEqual({
      reason_ref: 'R1',
      name: 'Rabbit health check',
      duration_minutes: 20,
      clinician_type: 'Nurse',
      initial_consultation: false,
      species_ids: [idOf('species', 'Rabbit')],
      species_texts: [],
      species_keys: [],
      species_other_id: null,
      online: true,
    });
  });

  it('matches species in any case, sorted and once each; empty means every species (no ids)', () => {
    const ids = [idOf('species', 'Dog'), idOf('species', 'Cat')].sort((a, b) => a - b);
    expect(accepted(appointmentReasons, { ...valid, species: ' cat;DOG ; Cat;' }).species_ids).toEqual(ids);
    expect(accepted(appointmentReasons, { ...valid, species: '' }).species_ids).toEqual([]);
  });

  it('defaults initial_consultation to false and online to true', () => {
    const record = accepted(appointmentReasons, { ...valid, initial_consultation: '', online: '' });
    expect(record).toMatchObject({ initial_consultation: false, online: true });
    expect(
      accepted(appointmentReasons, { ...valid, initial_consultation: 'TRUE' }).initial_consultation,
    ).toBe(true);
  });

  it('keeps each species the portal lacks as written, once, and opens the reason to Other meanwhile', () => {
    expect(
      accepted(appointmentReasons, { ...valid, species: 'Tortoise;Cat;tortoise;Axolotl' }),
    ).toMatchObject({
      species_ids: [idOf('species', 'Cat')],
      species_texts: ['Tortoise', 'Axolotl'],
      species_keys: ['tortoise', 'axolotl'],
      species_other_id: idOf('species', 'Other'),
    });
    expect(refused(appointmentReasons, { ...valid, species: `Cat;${'x'.repeat(201)}` })).toEqual([
      { column: 'species', reason: 'name 2 of 2 is longer than 200 characters' },
    ]);
  });

  it('refuses a duration outside 1 to 480 minutes and a type other than Vet or Nurse', () => {
    expect(
      refused(appointmentReasons, { ...valid, duration_minutes: '0', clinician_type: 'Groomer' }),
    ).toEqual([
      { column: 'duration_minutes', reason: 'not a whole number from 1 to 480' },
      { column: 'clinician_type', reason: 'not one of Vet, Nurse' },
    ]);
    expect(refused(appointmentReasons, { ...valid, duration_minutes: '481' })).toHaveLength(1);
  });
});
