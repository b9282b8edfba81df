import { createEstimate, createInvoice } from '@vet/db/testing/bill-factories';
import { createClient } from '@vet/db/testing/factories';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { describe, expect, it } from 'vitest';
import { daysAgo, runRetention } from './testing/retention-test-kit.ts';

/**
 * Decision 0151: estimates and bills go six years after they were issued, with their lines; payments made
 * online six years after they were made, and applied webhook ids after a month (decision 0157).
 */
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

  it('deletes payments made online six years ago unless still on the provider’s page, and applied webhook ids after a month', async () => {
    const { db, pool } = database.current;
    const client = await createClient(db);
    const invoice = await createInvoice(
      db,
      { practiceId: client.homePracticeId, clientId: client.id, issuedOn: day(daysAgo(30)) },
      [{ unitPricePence: 1_000 }],
    );
    const payment = (status: string, createdDaysAgo: number) =>
      pool
        .query<{ id: number }>(
          `insert into online_payments (purpose, status, practice_id, client_id, invoice_id, amount_pence,
             description, expires_at, created_at)
           values ('invoice', $1, $2, $3, $4, 1000, 'Bill', now(), $5) returning id`,
          [status, client.homePracticeId, client.id, invoice.id, daysAgo(createdDaysAgo)],
        )
        .then(({ rows }) => rows[0]!.id);
    await payment('paid', 6 * 365 + 10);
    const stillOpen = await payment('pending', 6 * 365 + 10);
    const young = await payment('paid', 6 * 365 - 10);
    await pool.query(
      `insert into payment_provider_events (event_id, type, received_at)
       values ('evt_old', 'checkout.session.completed', $1), ('evt_new', 'checkout.session.completed', $2)`,
      [daysAgo(31), daysAgo(29)],
    );
    const outcomes = await runRetention(db);
    const { rows } = await pool.query<{ id: number }>(
      'select id from online_payments where client_id = $1 order by id',
      [client.id],
    );
    expect(rows.map((row) => row.id)).toEqual([stillOpen, young]);
    const { rows: events } = await pool.query<{ event_id: string }>(
      'select event_id from payment_provider_events',
    );
    expect(events.map((event) => event.event_id)).toEqual(['evt_new']);
    expect(outcomes.get('payments')).toMatchObject({ rows: 1 });
    expect(outcomes.get('payment-provider-events')).toMatchObject({ rows: 1 });
  });
});
