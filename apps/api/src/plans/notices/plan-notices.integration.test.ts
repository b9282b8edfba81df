import { addDays, practiceDate, practiceInstant } from '@vet/contracts/practice-clock';
import type { Database } from '@vet/db/connection';
import { createClient, createPet, createPractice } from '@vet/db/testing/factories';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { createHealthPlan, createPlanMembership } from '@vet/db/testing/plan-factories';
import { describe, expect, it } from 'vitest';
import type { JobHelpers } from 'graphile-worker';
import { planNoticeTasks, queuePlanNotices, queuePlanNoticesTask } from './plan-notice-tasks.ts';

/**
 * Issue 65's notices (decision 0163): a renewal reminder 30 days ahead with the price from then, a failed
 * payment's e-mail, and a died or rehomed pet's offer to end the plan; each once, never about a gone pet.
 * Its own database: the scan reads every membership.
 */
const database = useOwnDatabase('plan_notices');
const settings = { brandName: 'Harbour Vets', portalUrl: 'https://portal.example' };
const now = new Date();
const today = practiceDate(now);

type PlanValues = Omit<Parameters<typeof createHealthPlan>[1], 'practiceId'>;
type MembershipValues = Partial<Parameters<typeof createPlanMembership>[1]>;

/** A linked owner with a pet on a plan; the membership renews in 20 days unless told otherwise. */
async function member(
  db: Database,
  values: {
    plan?: PlanValues;
    membership?: MembershipValues;
    client?: Parameters<typeof createClient>[1];
  } = {},
) {
  const practice = await createPractice(db, {
    name: 'Harbour Vets Clapham',
    ownerName: 'Harbour Group Ltd',
    phone: '020 7946 0000',
  });
  const client = await createClient(db, {
    homePracticeId: practice.id,
    firstName: 'Olivia',
    identityIssuer: 'https://id.example',
    identitySubject: crypto.randomUUID(),
    ...values.client,
  });
  const pet = await createPet(db, { clientId: client.id, name: 'Rex' });
  const { plan } = await createHealthPlan(db, {
    practiceId: practice.id,
    name: 'Healthy Pet Club',
    monthlyPence: 1_300,
    ...values.plan,
  });
  const membership = await createPlanMembership(db, {
    practiceId: practice.id,
    planId: plan.id,
    clientId: client.id,
    petId: pet.id,
    pricePence: 1_300,
    startedOn: addDays(today, -345),
    renewsOn: addDays(today, 20),
    ...values.membership,
  });
  return { practice, client, pet, plan, membership };
}

const outbox = async () =>
  (
    await database.current.pool.query<{ to_address: string; subject: string; text_body: string }>(
      'select to_address, subject, text_body from email_outbox order by id',
    )
  ).rows;

/** Each test starts from no e-mails and no memberships due. */
async function clear() {
  await database.current.pool.query('delete from email_outbox');
  await database.current.pool.query('delete from plan_memberships');
}

const setPetStatus = (petId: number, status: 'Deceased' | 'Rehomed' | 'Active') =>
  database.current.pool.query('update pets set status = $2 where id = $1', [petId, status]);

const none = { renewals: 0, paymentFailures: 0, petsGone: 0 };

describe('renewal notices', () => {
  it('e-mails once per renewal, with the day, the price, how to leave and the closing lines', async () => {
    const { db, pool } = database.current;
    await clear();
    const { client, pet, membership } = await member(db);
    expect(await queuePlanNotices(db, settings, now)).toEqual({ ...none, renewals: 1 });
    expect(await queuePlanNotices(db, settings, now)).toEqual(none);
    const [mail, ...more] = await outbox();
    expect(more).toEqual([]);
    expect(mail!.to_address).toBe(client.email);
    expect(mail!.subject).toMatch(/^Rex’s Healthy Pet Club plan renews on \d{1,2} [A-Z][a-z]+ \d{4}$/);
    for (const words of [
      'Hello Olivia,',
      'Rex’s Healthy Pet Club plan at Harbour Vets Clapham renews on',
      'The price stays at £13.00 a month, including VAT.',
      'press “Cancel Rex’s plan”',
      `https://portal.example/pets/${pet.id}`,
      'Harbour Vets Clapham is owned by Harbour Group Ltd.',
      'https://portal.example/complaints',
    ])
      expect(mail!.text_body).toContain(words);
    const { rows } = await pool.query<{ renewal_notice_for: string }>(
      'select renewal_notice_for::text from plan_memberships where id = $1',
      [membership.id],
    );
    expect(rows[0]!.renewal_notice_for).toBe(membership.renewsOn);

    // The next year's renewal is news again.
    await pool.query(`update plan_memberships set renews_on = $2 where id = $1`, [
      membership.id,
      addDays(today, 29),
    ]);
    expect(await queuePlanNotices(db, settings, now)).toEqual({ ...none, renewals: 1 });
  });

  it('shows the next price when it applies on the renewal day, for the member’s billing', async () => {
    const { db } = database.current;
    await clear();
    const renewsOn = addDays(today, 25);
    const nextPrice = { nextMonthlyPence: 1_450, nextYearlyPence: 15_600 };
    await member(db, { plan: { ...nextPrice, nextPriceFrom: renewsOn }, membership: { renewsOn } });
    await member(db, {
      plan: { yearlyPence: 14_000, ...nextPrice, nextPriceFrom: addDays(renewsOn, -3) },
      membership: { renewsOn, billing: 'yearly', pricePence: 14_000 },
    });
    // Not yet in force on the renewal day: the price stays.
    await member(db, {
      plan: { ...nextPrice, nextPriceFrom: addDays(renewsOn, 1) },
      membership: { renewsOn },
    });
    expect(await queuePlanNotices(db, settings, now)).toEqual({ ...none, renewals: 3 });
    const bodies = (await outbox()).map((mail) => mail.text_body);
    expect(bodies[0]).toContain('From then it costs £14.50 a month, including VAT (now £13.00 a month).');
    expect(bodies[1]).toContain('From then it costs £156.00 a year, including VAT (now £140.00 a year).');
    expect(bodies[2]).toContain('The price stays at £13.00 a month, including VAT.');
  });

  it('leaves out renewals beyond 30 days or past, ended memberships, gone pets and unreachable owners', async () => {
    const { db } = database.current;
    await clear();
    await member(db, { membership: { renewsOn: addDays(today, 31) } });
    await member(db, { membership: { renewsOn: addDays(today, -1), startedOn: addDays(today, -366) } });
    await member(db, {
      membership: { status: 'cancelled', endedAt: now, endedBy: 'client', endReason: 'owner' },
    });
    await member(db, { membership: { status: 'pending' } });
    await member(db, { client: { identityIssuer: null, identitySubject: null } });
    await member(db, { client: { email: null } });
    const gone = await member(db);
    await setPetStatus(gone.pet.id, 'Rehomed');
    // The gone pet gets its offer only.
    expect(await queuePlanNotices(db, settings, now)).toEqual({ ...none, petsGone: 1 });
    const mails = await outbox();
    expect(mails.map((mail) => mail.subject)).toEqual(['About Rex’s Healthy Pet Club plan']);
  });

  it('writes each notice once when two workers scan at the same time', async () => {
    const { db } = database.current;
    await clear();
    for (let index = 0; index < 12; index += 1) {
      await member(db, { membership: { renewsOn: addDays(today, 1 + index), paymentFailedOn: today } });
    }
    const [first, second] = await Promise.all([
      queuePlanNotices(db, settings, now, 4),
      queuePlanNotices(db, settings, now, 4),
    ]);
    expect(first.renewals + second.renewals).toBe(12);
    expect(first.paymentFailures + second.paymentFailures).toBe(12);
    expect(await queuePlanNotices(db, settings, now)).toEqual(none);
    const mails = await outbox();
    expect(mails).toHaveLength(24);
    expect(new Set(mails.map((mail) => `${mail.to_address} ${mail.subject}`)).size).toBe(24);
  });
});

describe('failed payment notices', () => {
  it('e-mails once per failed collection: what failed, what happens next, whom to contact', async () => {
    const { db, pool } = database.current;
    await clear();
    const failedOn = addDays(today, -2);
    const { membership } = await member(db, {
      membership: { renewsOn: addDays(today, 200), paymentFailedOn: failedOn, pricePence: 1_650 },
    });
    expect(await queuePlanNotices(db, settings, now)).toEqual({ ...none, paymentFailures: 1 });
    expect(await queuePlanNotices(db, settings, now)).toEqual(none);
    const [mail] = await outbox();
    expect(mail!.subject).toBe('A Direct Debit payment for Rex’s plan failed');
    for (const words of [
      'The Direct Debit payment of £16.50 for Rex’s Healthy Pet Club plan could not be taken from your account on',
      'It will not be collected again automatically.',
      'Harbour Vets Clapham has been told and will contact you about the missed payment.',
      'contact Harbour Vets Clapham on 020 7946 0000',
    ])
      expect(mail!.text_body).toContain(words);

    // A later failure is news; an old one (the queue stopped for over a week) is not.
    await pool.query('update plan_memberships set payment_failed_on = $2 where id = $1', [
      membership.id,
      today,
    ]);
    expect(await queuePlanNotices(db, settings, now)).toEqual({ ...none, paymentFailures: 1 });
    await member(db, { membership: { renewsOn: addDays(today, 200), paymentFailedOn: addDays(today, -8) } });
    expect(await queuePlanNotices(db, settings, now)).toEqual(none);
  });

  it('sends none for a pet that has died', async () => {
    const { db } = database.current;
    await clear();
    const { pet } = await member(db, {
      membership: { renewsOn: addDays(today, 200), paymentFailedOn: today },
    });
    await setPetStatus(pet.id, 'Deceased');
    expect(await queuePlanNotices(db, settings, now)).toEqual({ ...none, petsGone: 1 });
    expect(await queuePlanNotices(db, settings, now)).toEqual(none);
  });
});

describe('pet gone offers', () => {
  it('offers once to end the plan with nothing to pay, then no reminders for that pet', async () => {
    const { db, pool } = database.current;
    await clear();
    const { pet, membership } = await member(db, { membership: { renewsOn: addDays(today, 200) } });
    const rehomed = await member(db, { membership: { renewsOn: addDays(today, 200) } });
    await setPetStatus(pet.id, 'Deceased');
    await setPetStatus(rehomed.pet.id, 'Rehomed');
    expect(await queuePlanNotices(db, settings, now)).toEqual({ ...none, petsGone: 2 });
    expect(await queuePlanNotices(db, settings, now)).toEqual(none);
    const [died, moved] = await outbox();
    expect(died!.subject).toBe('About Rex’s Healthy Pet Club plan');
    for (const words of [
      'We are very sorry to hear that Rex has died.',
      'You can end it now with nothing to pay',
      'press “Cancel Rex’s plan”',
      'We will not send you any more reminders about this plan.',
      `https://portal.example/pets/${pet.id}`,
    ])
      expect(died!.text_body).toContain(words);
    expect(moved!.text_body).toContain('We understand that Rex has a new home.');
    expect(moved!.text_body).not.toContain('sorry');

    // Its renewal comes into the window and a payment fails: nothing more goes out.
    await pool.query('update plan_memberships set renews_on = $2, payment_failed_on = $3 where id = $1', [
      membership.id,
      addDays(today, 10),
      today,
    ]);
    expect(await queuePlanNotices(db, settings, now)).toEqual(none);
    expect(await outbox()).toHaveLength(2);
  });

  it('waits for a pending membership to become active', async () => {
    const { db, pool } = database.current;
    await clear();
    const { pet, membership } = await member(db, {
      membership: { status: 'pending', renewsOn: addDays(today, 200) },
    });
    await setPetStatus(pet.id, 'Deceased');
    expect(await queuePlanNotices(db, settings, now)).toEqual(none);
    await pool.query(`update plan_memberships set status = 'active' where id = $1`, [membership.id]);
    expect(await queuePlanNotices(db, settings, now)).toEqual({ ...none, petsGone: 1 });
  });
});

describe("the queue's task", () => {
  it('queues nothing in quiet hours, and the notices due at the first run after them', async () => {
    const { db } = database.current;
    await clear();
    await member(db);
    let clock = practiceInstant(today, '07:50');
    const logged: unknown[] = [];
    const logger = {
      debug: () => {},
      info: (fields: unknown) => logged.push(fields),
      warn: () => {},
      error: () => {},
    };
    const task = planNoticeTasks({ ...settings, logger, now: () => clock })(db)[queuePlanNoticesTask]!;
    await task({}, {} as JobHelpers);
    expect(await outbox()).toEqual([]);
    clock = practiceInstant(today, '08:00');
    await task({}, {} as JobHelpers);
    expect(await outbox()).toHaveLength(1);
    expect(logged).toEqual([{ ...none, renewals: 1 }]);
  });
});
