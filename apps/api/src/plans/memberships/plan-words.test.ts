import { exitCost } from '@vet/contracts/plan-rules';
import { describe, expect, it } from 'vitest';
import { collectionDay } from './activate-membership.ts';
import { dayWords, exitCostText } from './plan-words.ts';

const terms = { minimumTermMonths: 12, coolingOffDays: 14, earlyExitFeePence: 2500 };
const bramble = { petName: 'Bramble', petStatus: 'Active', coolingOffDays: 14 };

describe('what leaving a plan costs, in words', () => {
  it('says nothing to pay within the cooling-off period, naming its length', () => {
    const cost = exitCost(terms, { startedOn: '2026-11-20' }, 'Active', '2026-12-03');
    expect(exitCostText(cost, bramble)).toBe('You are within the 14-day cooling-off period: nothing to pay.');
    const longer = exitCost(
      { ...terms, coolingOffDays: 30 },
      { startedOn: '2026-11-20' },
      'Active',
      '2026-12-10',
    );
    expect(exitCostText(longer, { ...bramble, coolingOffDays: 30 })).toBe(
      'You are within the 30-day cooling-off period: nothing to pay.',
    );
  });

  it('names the fee and the day it stops applying after the cooling-off period', () => {
    const cost = exitCost(terms, { startedOn: '2026-11-20' }, 'Active', '2026-12-04');
    expect(exitCostText(cost, bramble)).toBe(
      'Leaving before 20 November 2027 costs £25.00, the plan’s early-exit fee.',
    );
  });

  it('says nothing to pay when the pet has died or has a new home, or the term is served', () => {
    const died = exitCost(terms, { startedOn: '2026-01-20' }, 'Deceased', '2026-06-01');
    expect(exitCostText(died, { ...bramble, petStatus: 'Deceased' })).toBe(
      'As Bramble has died, nothing to pay.',
    );
    const rehomed = exitCost(terms, { startedOn: '2026-01-20' }, 'Rehomed', '2026-06-01');
    expect(exitCostText(rehomed, { ...bramble, petStatus: 'Rehomed' })).toBe(
      'As Bramble has a new home, nothing to pay.',
    );
    const served = exitCost(terms, { startedOn: '2025-01-20' }, 'Active', '2026-06-01');
    expect(exitCostText(served, bramble)).toBe('The plan’s minimum term is complete: nothing to pay.');
  });

  it('writes days the British way', () => {
    expect(dayWords('2027-01-05')).toBe('5 January 2027');
  });
});

describe('the collection day', () => {
  it('is the start day’s day of the month, the 29th to 31st on the 28th (GoCardless takes 1 to 28)', () => {
    expect(collectionDay('2026-11-04')).toBe(4);
    expect(collectionDay('2026-11-28')).toBe(28);
    expect(collectionDay('2026-12-31')).toBe(28);
  });
});
