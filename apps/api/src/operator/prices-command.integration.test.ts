import { addDays, practiceDate } from '@vet/contracts/practice-clock';
import { practicePrices } from '@vet/db/schema/prices';
import { createPractice, createReason } from '@vet/db/testing/factories';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { describe, expect, it } from 'vitest';
import { productionSettings, runInProcess } from './testing/run-in-process.ts';

/**
 * `portal-admin prices gaps` (issue 62, decision 0146): per online practice, the online reasons whose
 * price list line says "Price not yet published". On a database of its own: it reads every practice.
 */
const database = useOwnDatabase('prices_gaps');
const today = practiceDate(new Date());

describe('portal-admin prices gaps', () => {
  it('says there are no gaps, then lists each online practice’s online reasons with no price in force today', async () => {
    const { db, url } = database.current;
    const quiet = await runInProcess(['prices', 'gaps'], productionSettings(url));
    expect(quiet, quiet.stderr).toMatchObject({ status: 0, stderr: '' });
    // A fresh database has no practice and no reason: nothing is missing.
    expect(quiet.stdout).toBe(
      `Every online practice has a price in force on ${today} for every online reason.\n`,
    );

    const tag = crypto.randomUUID().slice(0, 8);
    const kendal = await createPractice(db, { name: `Kendal ${tag}`, pmsRef: `PR-KENDAL-${tag}` });
    const priced = await createPractice(db, { name: `Ambleside ${tag}`, pmsRef: `PR-AMBLE-${tag}` });
    const offline = await createPractice(db, { name: `Closed ${tag}`, isOnline: false });
    const consult = await createReason(db, { name: `Consultation ${tag}` });
    const dental = await createReason(db, { name: `Dental check ${tag}` });
    const booster = await createReason(db, { name: `Booster ${tag}` });
    await createReason(db, { name: `Offline reason ${tag}`, isOnline: false });
    const price = (practiceId: number, reasonId: number, effectiveFrom = today, band?: 'cat') => ({
      practiceId,
      reasonId,
      amountPence: 4500,
      effectiveFrom,
      band,
    });
    await db.insert(practicePrices).values([
      price(kendal.id, consult.id, addDays(today, -30)),
      // Only a cats' price: it is in force, so no gap. A price from next week is no price yet.
      price(kendal.id, booster.id, today, 'cat'),
      price(kendal.id, dental.id, addDays(today, 7)),
      ...[consult, dental, booster].map((reason) => price(priced.id, reason.id)),
      price(offline.id, consult.id),
    ]);

    const report = await runInProcess(['prices', 'gaps'], productionSettings(url));

    expect(report, report.stderr).toMatchObject({ status: 0, stderr: '' });
    const lines = report.stdout.split('\n');
    expect(lines[0]).toBe(
      `Online appointment reasons with no price in force on ${today} ("Price not yet published"):`,
    );
    expect(lines).toContain(`PR-KENDAL-${tag}  Kendal ${tag}: Dental check ${tag}`);
    const ours = lines.filter((line) => line.includes(tag));
    expect(ours).toEqual([`PR-KENDAL-${tag}  Kendal ${tag}: Dental check ${tag}`]);
    expect(lines.at(-2)).toBe('1 reason without a price at 1 practice.');
  });

  it('refuses an argument it does not take', async () => {
    const refused = await runInProcess(['prices', 'gaps', 'now'], productionSettings(database.current.url));
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('Usage: portal-admin prices gaps');
  });
});
