import { createClient, createPet } from '@vet/db/testing/factories';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { describe, expect, it } from 'vitest';
import { daysAgo, runRetention } from './testing/retention-test-kit.ts';

/**
 * Decision 0161: a plan membership goes six years after it ended, with its uses (a live one never), and a
 * Direct Debit provider's applied event ids after 90 days.
 */
const database = useOwnDatabase('retention_plans');

describe('applyRetention: plan memberships', () => {
  it('deletes memberships ended over six years ago, never a live one, and event ids after 90 days', async () => {
    const { db, pool } = database.current;
    const client = await createClient(db);
    const pets = await Promise.all([1, 2, 3].map(() => createPet(db, { clientId: client.id })));
    const {
      rows: [plan],
    } = await pool.query<{ id: number }>(
      `insert into health_plans (practice_id, name, monthly_pence) values ($1, 'Plan', 1450) returning id`,
      [client.homePracticeId],
    );
    const membership = async (petId: number, status: string, endedAt: Date | null) =>
      (
        await pool.query<{ id: number }>(
          `insert into plan_memberships (practice_id, plan_id, client_id, pet_id, status, price_pence, started_on,
                                         renews_on, ended_at, ended_by, end_reason)
           values ($1, $2, $3, $4, $5, 1450, '2019-01-01', '2020-01-01', $6,
                   case when $6::timestamptz is null then null else 'client'::plan_membership_canceller end,
                   case when $6::timestamptz is null then null else 'owner'::plan_membership_end_reason end)
           returning id`,
          [client.homePracticeId, plan!.id, client.id, petId, status, endedAt],
        )
      ).rows[0]!.id;
    await membership(pets[0]!.id, 'cancelled', daysAgo(6 * 365 + 10));
    const young = await membership(pets[1]!.id, 'cancelled', daysAgo(6 * 365 - 10));
    const live = await membership(pets[2]!.id, 'active', null);
    await pool.query(
      `insert into direct_debit_events (event_id, resource_type, action, received_at)
       values ('EV-OLD', 'mandates', 'active', $1), ('EV-NEW', 'mandates', 'active', now())`,
      [daysAgo(91)],
    );
    const outcomes = await runRetention(db);
    const { rows } = await pool.query<{ id: number }>(`select id from plan_memberships order by id`);
    expect(rows.map((r) => r.id)).toEqual([young, live]);
    const { rows: events } = await pool.query<{ event_id: string }>(
      `select event_id from direct_debit_events`,
    );
    expect(events).toEqual([{ event_id: 'EV-NEW' }]);
    expect(outcomes.get('plan-memberships')).toMatchObject({ rows: 1 });
    expect(outcomes.get('direct-debit-events')).toMatchObject({ rows: 1, days: 90 });
  });
});
