import { createEstimate, createInvoice } from '@vet/db/testing/bill-factories';
import { createClient } from '@vet/db/testing/factories';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { describe, expect, it } from 'vitest';
import { daysAgo, runRetention } from './testing/retention-test-kit.ts';

/** Decision 0151: estimates and bills go six years after they were issued, with their lines. */
const database = useOwnDatabase('retention_bills');
const day = (date: Date) => date.toISOString().slice(0, 10);

describe('applyRetention: estimates and bills', () => {
  it('deletes those issued more than six years ago, lines included, and keeps younger ones', async () => {
    const { db, pool } = database.current;
    const client = await createClient(db);
    const owned = { practiceId: client.homePracticeId, clientId: client.id };
    const line = [{ unitPricePence: 1_000 }];
    const oldEstimate = await createEstimate(db, { ...owned, issuedOn: day(daysAgo(6 * 365 + 10)) }, line);
    const youngEstimate = await createEstimate(db, { ...owned, issuedOn: day(daysAgo(6 * 365 - 10)) }, line);
    // An old bill settling a young estimate, and a young bill settling the old estimate.
    await createInvoice(
      db,
      { ...owned, issuedOn: day(daysAgo(6 * 365 + 10)), estimateId: youngEstimate.id },
      line,
    );
    const youngInvoice = await createInvoice(
      db,
      { ...owned, issuedOn: day(daysAgo(30)), estimateId: oldEstimate.id },
      line,
    );
    const outcomes = await runRetention(db);
    const { rows } = await pool.query<{ kind: string; id: number; estimate_id: number | null }>(
      `select 'estimate' as kind, id, null::int as estimate_id from practice_estimates
       union all select 'invoice', id, estimate_id from practice_invoices order by kind, id`,
    );
    expect(rows).toEqual([
      { kind: 'estimate', id: youngEstimate.id, estimate_id: null },
      { kind: 'invoice', id: youngInvoice.id, estimate_id: null },
    ]);
    const { rows: lines } = await pool.query<{ count: number }>(
      `select (select count(*) from practice_estimate_lines)::int + (select count(*) from practice_invoice_lines)::int as count`,
    );
    expect(lines[0]!.count).toBe(2);
    expect(outcomes.get('estimates')).toMatchObject({ rows: 1, days: 6 * 365 + 1 });
    expect(outcomes.get('invoices')).toMatchObject({ rows: 1 });
  });
});
