import { formatPounds } from '@vet/contracts/money';
import { addDays, addMonths } from '@vet/contracts/plan-rules';
import { cancellationQuoteSchema } from '@vet/contracts/plans';
import { practiceDate } from '@vet/contracts/practice-clock';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { sql } from 'drizzle-orm';
import { Logger, runOnce } from 'graphile-worker';
import { describe, expect, it } from 'vitest';
import { gocardlessProvider } from '../direct-debit/index.ts';
import { endPlanDirectDebitTask, planTasks } from './end-direct-debit.ts';
import { dayWords } from './plan-words.ts';
import { usePlansTestApp } from './testing/plans-test-app.ts';

/**
 * Leaving a plan (issue 65, decision 0162): the quote before the last press (nothing in the cooling-off
 * period or when the pet has gone, the early-exit fee after), a changed fee refused with the new quote,
 * the Direct Debit ended at the provider (by the queued job when the provider is down), and a cancel that
 * races a renewal or a payment ending one way.
 */
const database = useTestDatabase();
const { db, pool } = database;
const { live, scene, call, activeMembership, membershipRow, eventsOf } = usePlansTestApp(database);

const quote = (authorization: string, id: number) =>
  call('GET', `/v2/plan-memberships/${id}/cancellation`, authorization);
const cancel = (authorization: string, id: number, feePence: number) =>
  call('POST', `/v2/plan-memberships/${id}/cancellation`, authorization, { feePence });

const today = () => practiceDate(new Date());
const jobOf = async (id: number) =>
  (await db.execute(sql`select id from graphile_worker.jobs where key = ${`plan-dd-end-${id}`}`)).rows;

/**
 * Runs a membership's queued end of its Direct Debit now, as the API's worker would a minute later (with
 * its own provider and database); answers the task list, to run it again.
 */
async function runDueJob(membershipId: number) {
  const provider = gocardlessProvider({
    accessToken: live.gocardless.accessToken,
    webhookSecret: live.gocardless.webhookSecret,
    apiUrl: live.gocardless.url,
    timeoutMs: 4000,
  });
  const tasks = planTasks(provider)(db);
  await db.execute(sql`
    update graphile_worker._private_jobs set run_at = now() where key = ${`plan-dd-end-${membershipId}`}`);
  await runOnce({ pgPool: pool, taskList: tasks, logger: new Logger(() => () => undefined) });
  return tasks;
}

async function confirmationEmails(email: string) {
  const { rows } = await db.execute<{ subject: string; text_body: string }>(sql`
    select subject, text_body from email_outbox where to_address = ${email} order by id`);
  return rows;
}

describe('cancelling a plan', () => {
  it('costs nothing in the cooling-off period, ends the Direct Debit, tells the practice and e-mails the owner', async () => {
    const s = await scene();
    const row = await activeMembership(s);
    const shown = await quote(s.authorization, row.id);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(cancellationQuoteSchema.parse(shown.json())).toEqual({
      membershipId: row.id,
      petName: 'Bramble',
      planName: 'Adult Dog Plan',
      feePence: 0,
      why: 'cooling_off',
      text: 'You are within the 14-day cooling-off period: nothing to pay.',
    });
    const done = await cancel(s.authorization, row.id, 0);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({
      membershipId: row.id,
      status: 'cancelled',
      endedOn: today(),
      endReason: 'owner',
      exitFeePence: 0,
    });
    await live.gocardless.webhooksSettled();
    expect(await membershipRow(row.id)).toMatchObject({
      status: 'cancelled',
      ended_by: 'client',
      end_reason: 'owner',
      exit_fee_pence: 0,
    });
    // Nothing more is taken: the subscription and its mandate ended at once, and no backstop job is left.
    expect(live.gocardless.subscriptions().find((sub) => sub.id === row.dd_subscription_id)).toMatchObject({
      status: 'cancelled',
      upcoming_payments: [],
    });
    expect(live.gocardless.mandates().find((m) => m.id === row.dd_mandate_id)?.status).toBe('cancelled');
    expect(await jobOf(row.id)).toHaveLength(0);
    // The provider's own news of the cancel (subscription and mandate cancelled) is no problem to report.
    const events = await eventsOf(row.id);
    expect(events.map((e) => e.type)).toEqual(['plan.joined', 'plan.cancelled']);
    expect(events[1]?.data).toMatchObject({
      membership_id: row.id,
      ended_by: 'client',
      end_reason: 'owner',
      exit_fee_pence: 0,
      ended_on: today(),
    });
    const [email] = await confirmationEmails(s.owner.client.email!);
    expect(email?.subject).toBe("Bramble's Adult Dog Plan has ended");
    expect(email?.text_body).toContain('No more payments will be taken');
    expect(email?.text_body).toContain('There is nothing to pay for leaving.');
    // Ended: a second cancel, or a quote, is refused.
    expect((await cancel(s.authorization, row.id, 0)).json()).toMatchObject({
      statusCode: 409,
      code: 'not_live',
    });
    expect((await quote(s.authorization, row.id)).statusCode).toBe(409);
  });

  it('charges the early-exit fee after the cooling-off period, and refuses a fee other than the one that applies', async () => {
    const s = await scene();
    const row = await activeMembership(s);
    const startedOn = addDays(today(), -30);
    await db.execute(sql`
      update plan_memberships set started_on = ${startedOn}, renews_on = ${addMonths(startedOn, 12)}
      where id = ${row.id}`);
    const shown = cancellationQuoteSchema.parse((await quote(s.authorization, row.id)).json());
    expect(shown).toMatchObject({ feePence: 2500, why: 'early_exit' });
    expect(shown.text).toBe(
      `Leaving before ${dayWords(addMonths(startedOn, 12))} costs ${formatPounds(2500)}, the plan’s early-exit fee.`,
    );
    // The owner was shown nothing to pay (an old page): refused, with what applies now.
    const stale = await cancel(s.authorization, row.id, 0);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'fee_changed', quote: shown });
    expect((await membershipRow(row.id)).status).toBe('active');
    const done = await cancel(s.authorization, row.id, 2500);
    expect(done.json()).toMatchObject({ status: 'cancelled', exitFeePence: 2500, endReason: 'owner' });
    expect((await eventsOf(row.id)).at(-1)?.data).toMatchObject({ exit_fee_pence: 2500 });
    const [email] = await confirmationEmails(s.owner.client.email!);
    expect(email?.text_body).toContain('£25.00');
  });

  it('costs nothing when the pet has died, and records why', async () => {
    const s = await scene();
    const row = await activeMembership(s);
    await db.execute(
      sql`update plan_memberships set started_on = ${addDays(today(), -60)} where id = ${row.id}`,
    );
    await db.execute(sql`update pets set status = 'Deceased' where id = ${s.pet.id}`);
    expect((await quote(s.authorization, row.id)).json()).toMatchObject({
      feePence: 0,
      why: 'pet_gone',
      text: 'As Bramble has died, nothing to pay.',
    });
    expect((await cancel(s.authorization, row.id, 0)).json()).toMatchObject({
      endReason: 'deceased',
      exitFeePence: 0,
    });
    expect(await membershipRow(row.id)).toMatchObject({ end_reason: 'deceased', ended_by: 'client' });
  });

  it('answers another client’s membership like a missing one', async () => {
    const s = await scene();
    const row = await activeMembership(s);
    const other = await scene();
    const theirs = await cancel(other.authorization, row.id, 0);
    const missing = await cancel(other.authorization, 2_000_000_000, 0);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toBe(missing.body);
    expect((await membershipRow(row.id)).status).toBe('active');
  });

  it('ends the Direct Debit by the queued job when the provider is down at the cancel', async () => {
    const s = await scene();
    const row = await activeMembership(s);
    live.gocardless.failNext(1, { status: 503, path: /^\/subscriptions\/[^/]+\/actions\/cancel$/ });
    const done = await cancel(s.authorization, row.id, 0);
    expect(done.statusCode, done.body).toBe(200);
    // The owner's cancel stands; the provider still collects until the job has run.
    expect(live.gocardless.subscriptions().find((sub) => sub.id === row.dd_subscription_id)?.status).toBe(
      'active',
    );
    expect(await jobOf(row.id)).toHaveLength(1);

    // The job is due a minute later; made due now, a worker of the queue runs it (as the API's worker
    // would, with its own provider and database).
    const tasks = await runDueJob(row.id);
    // Its completion is written behind the task's return (as database-roles' test notes).
    await expect.poll(async () => (await jobOf(row.id)).length).toBe(0);
    expect(live.gocardless.subscriptions().find((sub) => sub.id === row.dd_subscription_id)).toMatchObject({
      status: 'cancelled',
      upcoming_payments: [],
    });
    expect(live.gocardless.mandates().find((m) => m.id === row.dd_mandate_id)?.status).toBe('cancelled');
    // Run again (a retry after a lost answer): harmless.
    await tasks[endPlanDirectDebitTask]!({ membershipId: row.id }, {} as never);
    await live.gocardless.webhooksSettled();
    expect((await eventsOf(row.id)).map((e) => e.type)).toEqual(['plan.joined', 'plan.cancelled']);
  });

  it('ends the Direct Debit when the practice system ends the membership, by any way in', async () => {
    const s = await scene();
    const row = await activeMembership(s);
    // As the import and the integration API write an end (decision 0161): only the practice's columns.
    await db.execute(sql`
      update plan_memberships set status = 'ended', ended_at = now(), updated_at = now() where id = ${row.id}`);
    expect(await jobOf(row.id)).toHaveLength(1);
    await runDueJob(row.id);
    await expect.poll(async () => (await jobOf(row.id)).length).toBe(0);
    expect(live.gocardless.subscriptions().find((sub) => sub.id === row.dd_subscription_id)?.status).toBe(
      'cancelled',
    );
  });

  it('ends one way when the practice system renews the membership at the same moment', async () => {
    const s = await scene();
    const row = await activeMembership(s);
    const renewal = await pool.connect();
    try {
      await renewal.query('begin');
      await renewal.query(
        `update plan_memberships set renews_on = renews_on + interval '1 year', price_pence = 1800 where id = $1`,
        [row.id],
      );
      let settled = false;
      const cancelling = cancel(s.authorization, row.id, 0).then((response) => {
        settled = true;
        return response;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The renewal holds the row: the cancel waits for it rather than writing over it.
      expect(settled).toBe(false);
      await renewal.query('commit');
      const done = await cancelling;
      expect(done.statusCode, done.body).toBe(200);
    } finally {
      renewal.release();
    }
    const after = await membershipRow(row.id);
    expect(after).toMatchObject({
      status: 'cancelled',
      price_pence: 1800,
      renews_on: addMonths(row.renews_on, 12),
    });
    expect((await eventsOf(row.id)).map((e) => e.type)).toEqual(['plan.joined', 'plan.cancelled']);
  });

  it('quotes again under the lock: a term the practice system changes at the same moment is what applies', async () => {
    const s = await scene();
    const row = await activeMembership(s);
    const practiceSystem = await pool.connect();
    let done;
    try {
      await practiceSystem.query('begin');
      // The practice system corrects the start (the plan began two months ago): past the cooling-off period.
      await practiceSystem.query('update plan_memberships set started_on = $2 where id = $1', [
        row.id,
        addDays(today(), -60),
      ]);
      // The owner was shown the cooling-off quote (nothing to pay) and presses now.
      const cancelling = cancel(s.authorization, row.id, 0);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await practiceSystem.query('commit');
      done = await cancelling;
    } finally {
      practiceSystem.release();
    }
    expect(done.statusCode, done.body).toBe(409);
    expect(done.json()).toMatchObject({ code: 'fee_changed', quote: { feePence: 2500, why: 'early_exit' } });
    expect((await membershipRow(row.id)).status).toBe('active');
    expect((await eventsOf(row.id)).map((e) => e.type)).toEqual(['plan.joined']);
  });

  it('ends one way when a failed payment’s webhook races the cancel', async () => {
    const s = await scene();
    const row = await activeMembership(s);
    await db.execute(
      sql`update plan_memberships set started_on = ${addDays(today(), -60)} where id = ${row.id}`,
    );
    const [done] = await Promise.all([
      cancel(s.authorization, row.id, 2500),
      Promise.resolve().then(() => live.gocardless.failPayment(row.dd_subscription_id!)),
    ]);
    expect(done.statusCode, done.body).toBe(200);
    await live.gocardless.webhooksSettled();
    const types = (await eventsOf(row.id)).map((e) => e.type);
    // Either the failure came first (told, then the cancel) or after (the membership had ended: not told).
    expect([
      ['plan.joined', 'plan.cancelled'],
      ['plan.joined', 'plan.payment_failed', 'plan.cancelled'],
    ]).toContainEqual(types);
    expect((await membershipRow(row.id)).status).toBe('cancelled');
  });
});
