import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEstimate } from './testing/bill-factories.ts';
import { createClient } from './testing/factories.ts';
import { useTestDatabase } from './testing/test-database.ts';

/**
 * Migration 0060's trigger (decision 0151): a change of an estimate's total is a revision, and one that
 * rises by 20% or £500 over the total the owner agreed asks them again, whoever writes it.
 */
const database = useTestDatabase();

async function agreedEstimate(totalUnitPence: number) {
  const client = await createClient(database.db);
  const estimate = await createEstimate(
    database.db,
    { practiceId: client.homePracticeId, clientId: client.id },
    [{ unitPricePence: totalUnitPence, vatRate: 'zero' }],
  );
  await database.pool.query(
    `update practice_estimates set answer = 'accepted', answered_at = now(), answered_revision = revision,
            agreed_total_pence = total_pence where id = $1`,
    [estimate.id],
  );
  return estimate.id;
}

async function revise(id: number, totalPence: number) {
  const { rows } = await database.pool.query<{
    revision: number;
    answer: string | null;
    previous_total_pence: number;
    agreed_total_pence: number | null;
  }>(
    `update practice_estimates set total_pence = $2 where id = $1
     returning revision, answer, previous_total_pence, agreed_total_pence`,
    [id, totalPence],
  );
  return rows[0];
}

describe('estimate revisions', () => {
  it('asks again at a rise of 20% of the agreed total, and not a penny below it', async () => {
    const below = await agreedEstimate(100_000);
    expect(await revise(below, 119_999)).toMatchObject({
      revision: 2,
      answer: 'accepted',
      previous_total_pence: 100_000,
    });
    const at = await agreedEstimate(100_000);
    expect(await revise(at, 120_000)).toMatchObject({
      revision: 2,
      answer: null,
      agreed_total_pence: 100_000,
    });
  });

  it('asks again at a rise of £500 however large the estimate', async () => {
    const large = await agreedEstimate(400_000);
    expect(await revise(large, 449_999)).toMatchObject({ answer: 'accepted' });
    expect(await revise(large, 450_000)).toMatchObject({ revision: 3, answer: null });
  });

  it('measures each revision against the total agreed, not the previous revision', async () => {
    const id = await agreedEstimate(100_000);
    await revise(id, 110_000);
    expect(await revise(id, 120_000)).toMatchObject({ revision: 3, answer: null });
  });

  it('asks again after a decline at any change, and a fall never asks', async () => {
    const id = await agreedEstimate(100_000);
    expect(await revise(id, 50_000)).toMatchObject({ answer: 'accepted' });
    await database.pool.query(
      `update practice_estimates set answer = 'declined', decline_reason = 'Too dear' where id = $1`,
      [id],
    );
    expect(await revise(id, 49_000)).toMatchObject({ answer: null });
  });

  it('keeps the revision when only other fields change', async () => {
    const id = await agreedEstimate(100_000);
    await database.db.execute(sql`update practice_estimates set title = 'Dental' where id = ${id}`);
    const { rows } = await database.pool.query(
      'select revision, version from practice_estimates where id = $1',
      [id],
    );
    expect(rows[0]).toMatchObject({ revision: 1, version: 3 });
  });
});
