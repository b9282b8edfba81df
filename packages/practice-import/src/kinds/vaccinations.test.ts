import { describe, expect, it } from 'vitest';
import { today, accepted, refused } from './testing/kind-fixtures.ts';
import { validRows } from './testing/valid-rows.ts';
import { vaccinationReasons, vaccinations } from './vaccinations.ts';

const valid = validRows['vaccinations.csv'];

describe('vaccinations.csv', () => {
  it('stages a vaccination given today and due in a year, or due at no set date', () => {
    expect(accepted(vaccinations, valid)).toEqual({
      vaccination_ref: 'V1',
      pet_ref: 'A1',
      vaccine: 'DHPPi',
      given_on: today,
      due_on: '2027-11-26',
    });
    expect(accepted(vaccinations, { ...valid, due_on: '' }).due_on).toBeNull();
    expect(accepted(vaccinations, { ...valid, due_on: today }).due_on).toBe(today);
  });

  it('refuses a vaccination given after today', () => {
    expect(refused(vaccinations, { ...valid, given_on: '2026-11-27', due_on: '' })).toEqual([
      { column: 'given_on', reason: vaccinationReasons.givenAfterToday },
    ]);
  });

  it('refuses a due date before the day it was given, naming both columns', () => {
    expect(refused(vaccinations, { ...valid, due_on: '2026-11-25' })).toEqual([
      { column: null, reason: 'due_on is before given_on' },
    ]);
  });
});
