import { addDays, practiceDate } from '@vet/contracts/practice-clock';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { createPractice } from '@vet/db/testing/factories';
import { describe, expect, it } from 'vitest';
import { writtenPrescriptionFeesOn } from '../../reference/index.ts';

/**
 * Decision 0142: a request's fee is capped by the cap in force on its day, read as the booking pages and
 * e-mails read it. A database of this file's own: the caps are one table for every practice, and the
 * other files read today's cap.
 */
const own = useOwnDatabase('request_caps');

describe('the fees a request is charged at most', () => {
  it('follow the cap from on or before its day: a higher cap from a later day only from that day', async () => {
    const today = practiceDate(new Date());
    const nextMonth = addDays(today, 30);
    await own.current.pool.query('insert into written_prescription_caps values ($1, 2250, 1350)', [
      nextMonth,
    ]);
    const own2300 = await createPractice(own.current.db, {
      writtenPrescriptionFeePence: 2300,
      writtenPrescriptionFurtherFeePence: 1300,
    });
    const noFee = await createPractice(own.current.db, {
      writtenPrescriptionFeePence: null,
      writtenPrescriptionFurtherFeePence: null,
    });
    const fees = (practiceId: number, day: string) =>
      writtenPrescriptionFeesOn(own.current.db, practiceId, day);
    expect(await fees(own2300.id, today)).toEqual({ firstPence: 2100, furtherPence: 1250 });
    expect(await fees(own2300.id, addDays(nextMonth, -1))).toEqual({ firstPence: 2100, furtherPence: 1250 });
    expect(await fees(own2300.id, nextMonth)).toEqual({ firstPence: 2250, furtherPence: 1300 });
    expect(await fees(noFee.id, nextMonth)).toEqual({ firstPence: 2250, furtherPence: 1350 });
    await expect(fees(noFee.id, '2026-03-23')).rejects.toThrow(/migrate the database/);
  });
});
