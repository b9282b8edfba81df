import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, ageInMonths, exitCost, planRefusal } from './plan-rules.ts';

const plan = { name: 'Healthy Pet Club – Dog', speciesIds: [1], minAgeMonths: 2, maxAgeMonths: 96 };
const pet = { name: 'Rex', speciesId: 1, speciesName: 'Dog', dateOfBirth: '2024-01-15', status: 'Active' };
const terms = { minimumTermMonths: 12, coolingOffDays: 14, earlyExitFeePence: 2500 };

describe('the calendar of a plan', () => {
  it('adds months the way a contract counts them, the 31st falling on a shorter month’s last day', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-29', 12)).toBe('2027-11-29');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(addDays('2026-12-25', 14)).toBe('2027-01-08');
  });

  it('counts whole months of age, a month only once its day has come', () => {
    expect(ageInMonths('2024-01-15', '2024-03-14')).toBe(1);
    expect(ageInMonths('2024-01-15', '2024-03-15')).toBe(2);
    expect(ageInMonths('2020-02-29', '2026-02-28')).toBe(71);
  });

  it('never moves a day backwards when months are added', () => {
    const day = fc.date({ min: new Date('2000-01-01'), max: new Date('2090-12-31'), noInvalidDate: true });
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 60 }), (date, months) => {
        const start = date.toISOString().slice(0, 10);
        expect(addMonths(start, months) >= start).toBe(true);
      }),
    );
  });
});

describe('who may join a plan', () => {
  it('lets a pet of the plan’s species and age join', () => {
    expect(planRefusal(plan, pet, '2026-11-29')).toBeNull();
  });

  it('refuses another species, an age outside the band, an unknown age and a pet gone, with the reason', () => {
    expect(planRefusal(plan, { ...pet, speciesId: 2, speciesName: 'Cat' }, '2026-11-29')).toEqual({
      reason: 'species',
      message: 'Healthy Pet Club – Dog is not for a cat.',
    });
    expect(planRefusal(plan, { ...pet, dateOfBirth: '2026-10-20' }, '2026-11-29')?.reason).toBe('too_young');
    expect(planRefusal(plan, { ...pet, dateOfBirth: '2018-11-29' }, '2026-11-29')).toEqual({
      reason: 'too_old',
      message: 'Healthy Pet Club – Dog is for pets under 8 years old.',
    });
    expect(planRefusal(plan, { ...pet, dateOfBirth: null }, '2026-11-29')?.reason).toBe('age_unknown');
    expect(planRefusal(plan, { ...pet, status: 'Deceased' }, '2026-11-29')?.reason).toBe('pet_gone');
  });

  it('asks no date of birth of a plan for every age', () => {
    const anyAge = { ...plan, minAgeMonths: 0, maxAgeMonths: null };
    expect(planRefusal(anyAge, { ...pet, dateOfBirth: null }, '2026-11-29')).toBeNull();
  });
});

describe('what leaving costs', () => {
  const joined = { startedOn: '2026-11-01' };

  it('is nothing within the cooling-off period, to the day before it ends', () => {
    expect(exitCost(terms, joined, 'Active', '2026-11-14')).toEqual({
      feePence: 0,
      why: 'cooling_off',
      coolingOffEnds: '2026-11-15',
    });
  });

  it('is the early-exit fee after it, until the minimum term is served', () => {
    expect(exitCost(terms, joined, 'Active', '2026-11-15')).toEqual({
      feePence: 2500,
      why: 'early_exit',
      minimumTermEnds: '2027-11-01',
    });
    expect(exitCost(terms, joined, 'Active', '2027-11-01')).toEqual({ feePence: 0, why: 'term_complete' });
  });

  it('is nothing when the pet has died or been rehomed, whenever', () => {
    expect(exitCost(terms, joined, 'Deceased', '2026-12-20')).toEqual({ feePence: 0, why: 'pet_gone' });
    expect(exitCost(terms, joined, 'Rehomed', '2026-12-20')).toEqual({ feePence: 0, why: 'pet_gone' });
  });

  it('keeps at least the law’s 14 days of cooling off whatever a plan says', () => {
    expect(exitCost({ ...terms, coolingOffDays: 7 }, joined, 'Active', '2026-11-10').why).toBe('cooling_off');
  });
});
