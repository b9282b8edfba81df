import { addDays, practiceDate } from '@vet/contracts/practice-clock';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportDirectory } from './testing/export-directory.ts';
import { importDirectory, seedImportLookups } from './testing/run-test-import.ts';
import { testGroup } from './testing/test-group.ts';

/**
 * practices.csv's written prescription fees against the CMA's dated cap (decision 0142). A database of
 * this file's own: the caps are one table for every practice, and the other files read today's cap.
 */
const own = useOwnDatabase('fee_caps');
beforeAll(() => seedImportLookups(own.current));

const today = practiceDate(new Date());
const refusalsOf = (result: {
  refusals: { file: string; line: number; column: string | null; reason: string }[];
}) =>
  // practices.csv's own: the rows naming a refused practice are refused too.
  result.refusals
    .filter((r) => r.file === 'practices.csv')
    .map((r) => `${r.file}:${r.line} ${r.column ?? '-'}: ${r.reason}`);

async function importFees(first: string, further: string) {
  const group = testGroup();
  const [practice] = group.files['practices.csv'];
  const files = await exportDirectory({
    ...group.files,
    'practices.csv': [
      { ...practice!, written_prescription_fee: first, written_prescription_further_fee: further },
    ],
  });
  const result = await importDirectory(own.current.url, files);
  const stored = await own.current.pool.query<{ first: number; further: number }>(
    `select written_prescription_fee_pence as first, written_prescription_further_fee_pence as further
       from practices where pms_ref = $1`,
    [group.ref('PRAC', 1)],
  );
  return { refusals: refusalsOf(result), stored: stored.rows[0] };
}
const addCap = (day: string, first: number, further: number) =>
  own.current.pool.query('insert into written_prescription_caps values ($1, $2, $3)', [day, first, further]);

describe('a practice’s written prescription fee', () => {
  it('is taken at the cap, and refused above it by line naming the cap and its day', async () => {
    expect(await importFees('21.00', '12.50')).toEqual({
      refusals: [],
      stored: { first: 2100, further: 1250 },
    });
    const above = await importFees('21.01', '12.50');
    expect(above.refusals).toEqual([
      "practices.csv:2 written_prescription_fee: above £21.00, the cap on a written prescription's fee in force from 24 March 2026 (decision 0142): charge at most the cap",
    ]);
    expect(above.stored).toBeUndefined();
  });

  it('is held to today’s cap while a higher one is still to come, and takes it from its day', async () => {
    await addCap(addDays(today, 1), 2300, 1400);
    const early = await importFees('22.00', '13.00');
    expect(early.refusals).toEqual([
      expect.stringMatching(
        /^practices\.csv:2 written_prescription_fee: above £21\.00, .* from 24 March 2026/,
      ),
      expect.stringMatching(
        /^practices\.csv:2 written_prescription_further_fee: above £12\.50, .* from 24 March 2026/,
      ),
    ]);
    // The day come: a cap from today is the one in force.
    await addCap(today, 2200, 1300);
    expect(await importFees('22.00', '13.00')).toEqual({
      refusals: [],
      stored: { first: 2200, further: 1300 },
    });
    expect((await importFees('22.01', '13.00')).refusals).toEqual([
      expect.stringContaining(
        `above £22.00, the cap on a written prescription's fee in force from ${Number(today.slice(8))} `,
      ),
    ]);
  });
});
