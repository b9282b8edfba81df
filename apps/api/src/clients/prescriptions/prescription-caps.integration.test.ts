import { addDays, practiceDate } from '@vet/contracts/practice-clock';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { describe, expect, it } from 'vitest';
import { createPrescriptionsRepository } from './prescriptions-repository.ts';

/**
 * Decision 0142: a request's fee is capped by the cap in force on its day. A database of this file's own:
 * the caps are one table for every practice, and the other files read today's cap.
 */
const own = useOwnDatabase('request_caps');
const repository = createPrescriptionsRepository();

describe('the cap a request is charged at most', () => {
  it('is the latest from on or before its day: a higher cap from a later day only from that day', async () => {
    const today = practiceDate(new Date());
    const nextMonth = addDays(today, 30);
    await own.current.pool.query('insert into written_prescription_caps values ($1, 2250, 1350)', [
      nextMonth,
    ]);
    const capOn = (day: string) => repository.capOn(own.current.db, day);
    expect(await capOn(today)).toEqual({ firstPence: 2100, furtherPence: 1250 });
    expect(await capOn(addDays(nextMonth, -1))).toEqual({ firstPence: 2100, furtherPence: 1250 });
    expect(await capOn(nextMonth)).toEqual({ firstPence: 2250, furtherPence: 1350 });
    expect(await capOn('2026-03-23')).toBeUndefined();
  });
});
