import { afterEach, describe, expect, it } from 'vitest';
import { addDays, practiceDate } from '@vet/contracts/practice-clock';
import { useOwnDatabase } from '../testing/own-database.ts';
import { ReferenceDataRefused, loadReferenceLists } from './load-reference-lists.ts';
import { referenceDirectoryCopy } from './testing/reference-directory.ts';
import { capsFile } from './written-prescription-caps.ts';

/**
 * Decision 0142: the written prescription fee's dated caps, loaded with the reference lists. A database
 * of this file's own: the caps are one table for every practice, and the other files read today's cap.
 */
const own = useOwnDatabase('prescription_caps');
const copies: ReturnType<typeof referenceDirectoryCopy>[] = [];
afterEach(() => {
  for (const made of copies.splice(0)) made.remove();
});
const withLines = (...lines: string[]) => {
  const made = referenceDirectoryCopy();
  copies.push(made);
  if (lines.length > 0) made.append(capsFile, ...lines);
  return made.directory;
};
const stored = async () =>
  (
    await own.current.pool.query<{ day: string; first_pence: number; further_pence: number }>(
      `select to_char(effective_from, 'YYYY-MM-DD') as day, first_pence, further_pence
         from written_prescription_caps order by effective_from`,
    )
  ).rows;
const refusal = async (directory: string) => {
  const error = await loadReferenceLists(own.current.pool, { directory }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ReferenceDataRefused);
  return (error as ReferenceDataRefused).problems.map((p) => `${p.file}:${p.line} ${p.reason}`);
};

const today = practiceDate(new Date());
const nextYear = addDays(today, 365);
const lastWeek = addDays(today, -7);

describe('written-prescription-caps.csv', () => {
  it('adds a cap from a later day once, and a second load of the same file writes nothing', async () => {
    const directory = withLines(`${nextYear},2200,1300`);
    const first = await loadReferenceLists(own.current.pool, { directory });
    expect(first.writtenPrescriptionCaps).toEqual({ entries: 2, added: 1 });
    const again = await loadReferenceLists(own.current.pool, { directory });
    expect(again.writtenPrescriptionCaps).toEqual({ entries: 2, added: 0 });
    expect(again.changed).toBe(false);
    expect(await stored()).toEqual([
      { day: '2026-03-24', first_pence: 2100, further_pence: 1250 },
      { day: nextYear, first_pence: 2200, further_pence: 1300 },
    ]);
  });

  it('refuses, by line and column, a cap lowered from a day already come, and writes nothing', async () => {
    const before = await stored();
    const problems = await refusal(withLines(`${lastWeek},2000,1250`));
    expect(problems).toEqual([
      `${capsFile}:3 first_pence: below 2100, the cap in force on ${lastWeek} (from 2026-03-24): a cap is not lowered after the day`,
    ]);
    expect(await stored()).toEqual(before);
  });

  it('refuses a stored day rewritten, and an amount negative or not a number, naming the column', async () => {
    const before = await stored();
    const made = referenceDirectoryCopy();
    copies.push(made);
    made.replace(capsFile, '2026-03-24', '2026-03-24,2100,1300');
    made.append(capsFile, `${nextYear},-5,1300`, `${addDays(nextYear, 1)},2200,£13`);
    expect(await refusal(made.directory)).toEqual([
      `${capsFile}:3 first_pence: negative: a cap is 0 or more pence ("-5")`,
      `${capsFile}:4 further_pence: not a whole number of pence ("£13")`,
      `${capsFile}:2 further_pence: the cap from 2026-03-24 is stored as 1250; a stored cap is never rewritten: add a line from a later day`,
    ]);
    expect(await stored()).toEqual(before);
  });
});
