import { describe, expect, it } from 'vitest';
import { availabilityOf, type RepeatableMedicine, type RepeatContext } from './repeat-rules.ts';

const medicine: RepeatableMedicine = {
  medicine: 'Vetmedin 2.5 mg',
  category: 'POM-V',
  repeatable: true,
  repeatsLeft: 2,
  reviewDue: null,
};
const context: RepeatContext = { today: '2026-11-27', lastSeenByVetOn: '2026-06-01', reviewMonths: 12 };

describe('availabilityOf (decision 0111)', () => {
  it('allows a repeatable medicine with repeats left for a pet a vet saw within the review period', () => {
    expect(availabilityOf(medicine, context)).toEqual({ availability: 'available', refusal: null });
    expect(availabilityOf({ ...medicine, repeatsLeft: null }, context).availability).toBe('available');
  });

  it('refuses a medicine the practice marked not repeatable, or with no repeats left, naming it', () => {
    expect(availabilityOf({ ...medicine, repeatable: false }, context)).toEqual({
      availability: 'notRepeatable',
      refusal: expect.stringContaining('Vetmedin 2.5 mg') as string,
    });
    expect(availabilityOf({ ...medicine, repeatsLeft: 0 }, context).availability).toBe('noRepeatsLeft');
  });

  it('asks for a review of a prescription-only medicine when no vet saw the pet within the period', () => {
    expect(availabilityOf(medicine, { ...context, lastSeenByVetOn: null }).availability).toBe('reviewNeeded');
    expect(availabilityOf(medicine, { ...context, lastSeenByVetOn: '2025-11-26' }).availability).toBe(
      'reviewNeeded',
    );
    expect(availabilityOf(medicine, { ...context, lastSeenByVetOn: '2025-11-27' }).availability).toBe(
      'available',
    );
    expect(
      availabilityOf(medicine, { ...context, lastSeenByVetOn: '2026-06-01', reviewMonths: 3 }).availability,
    ).toBe('reviewNeeded');
    expect(
      availabilityOf({ ...medicine, category: 'POM-VPS' }, { ...context, lastSeenByVetOn: null })
        .availability,
    ).toBe('reviewNeeded');
  });

  it('reads the medicine’s own review date, when sent, instead of the period', () => {
    const seenLongAgo = { ...context, lastSeenByVetOn: null };
    expect(availabilityOf({ ...medicine, reviewDue: '2026-11-27' }, seenLongAgo).availability).toBe(
      'available',
    );
    expect(availabilityOf({ ...medicine, reviewDue: '2026-11-26' }, context).availability).toBe(
      'reviewNeeded',
    );
  });

  it('needs no review for a medicine that is not prescription-only', () => {
    for (const category of ['NFA-VPS', 'AVM-GSL'] as const)
      expect(
        availabilityOf(
          { ...medicine, category, reviewDue: '2020-01-01' },
          { ...context, lastSeenByVetOn: null },
        ).availability,
      ).toBe('available');
  });
});
