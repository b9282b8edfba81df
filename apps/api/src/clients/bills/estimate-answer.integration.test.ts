import { estimateDetailSchema } from '@vet/contracts/bills';
import { addDays, practiceDate } from '@vet/contracts/practice-clock';
import { emailOutbox } from '@vet/db/schema/system';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { asc, eq } from 'drizzle-orm';
import type { PoolClient } from 'pg';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { answerMessages } from './estimate-answer.ts';
import { billScene, type BillScene } from './testing/bill-fixtures.ts';

/**
 * Decision 0153: the owner's answer names the revision they read, is written with its practice event and
 * its confirmation e-mail, and never half-applies against a revision from the practice system.
 */
const database = useTestDatabase({ max: 10 });
const { context, signedInClient } = useSignedInTestApp(database);
const { db, pool } = database;

const answer = (scene: BillScene, estimateId: number, payload: object) =>
  context.app.inject({
    method: 'POST',
    url: `/v2/bills/estimates/${estimateId}/answer`,
    headers: { authorization: scene.authorization },
    payload,
  });

const eventsOf = async (estimateId: number) =>
  (
    await pool.query<{ type: string; data: Record<string, unknown> }>(
      `select type, data from practice_events where record_kind = 'estimate' and record_id = $1 order by id`,
      [estimateId],
    )
  ).rows;

const stored = async (estimateId: number) =>
  (
    await pool.query<{ revision: number; answer: string | null; agreed_total_pence: number | null }>(
      'select revision, answer, agreed_total_pence from practice_estimates where id = $1',
      [estimateId],
    )
  ).rows[0]!;

/** A £1,000 estimate (VAT free, so its total is round) waiting for the scene's client's answer. */
const thousandPounds = (scene: BillScene, values: object = {}) =>
  scene.estimate({ pmsRef: `EST-${crypto.randomUUID()}`, ...values }, [
    { description: 'Cruciate repair', unitPricePence: 100_000, vatRate: 'exempt', petId: scene.rex.id },
  ]);

describe('answering an estimate', () => {
  it('accepts it with estimate.accepted and a confirmation e-mail, in one go', async () => {
    const scene = await billScene(db, signedInClient);
    const estimate = await thousandPounds(scene);
    const response = await answer(scene, estimate.id, { answer: 'accepted', revision: 1 });
    expect(response.statusCode).toBe(200);
    expect(estimateDetailSchema.parse(response.json())).toMatchObject({
      state: 'accepted',
      answer: 'accepted',
      agreedTotalPence: 100_000,
    });
    const events = await eventsOf(estimate.id);
    expect(events.map((event) => event.type)).toEqual(['estimate.accepted']);
    expect(events[0]!.data).toMatchObject({
      estimate_id: estimate.id,
      estimate_ref: estimate.pmsRef,
      client_id: scene.client.id,
      client_ref: scene.client.pmsRef,
      revision: 1,
      total_pence: 100_000,
    });
    const emails = await db
      .select({ subject: emailOutbox.subject, text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, scene.client.email!))
      .orderBy(asc(emailOutbox.id));
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe('You accepted the estimate from Harbour Vets Clapham');
    expect(emails[0]!.text).toContain('Total £1,000.00');
    expect(emails[0]!.text).toContain('Harbour Vets Clapham is owned by Harbour Vets Group Ltd.');
    expect(emails[0]!.text).toContain('/complaints');
  });

  it('declines it with the reason, and asks for one', async () => {
    const scene = await billScene(db, signedInClient);
    const estimate = await thousandPounds(scene);
    const blank = await answer(scene, estimate.id, { answer: 'declined', revision: 1, reason: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ issues: [{ path: 'reason' }] });
    const response = await answer(scene, estimate.id, {
      answer: 'declined',
      revision: 1,
      reason: 'A second opinion first',
    });
    expect(estimateDetailSchema.parse(response.json())).toMatchObject({
      state: 'declined',
      declineReason: 'A second opinion first',
      agreedTotalPence: null,
    });
    expect((await eventsOf(estimate.id)).map((event) => [event.type, event.data.reason])).toEqual([
      ['estimate.declined', 'A second opinion first'],
    ]);
  });

  it('refuses a second answer, an old revision, an expired or replaced estimate, each saying why', async () => {
    const scene = await billScene(db, signedInClient);
    const once = await thousandPounds(scene);
    expect((await answer(scene, once.id, { answer: 'accepted', revision: 1 })).statusCode).toBe(200);
    const again = await answer(scene, once.id, { answer: 'accepted', revision: 1 });
    expect(again.json()).toMatchObject({ statusCode: 409, code: 'already_answered' });
    const old = await answer(scene, (await thousandPounds(scene)).id, { answer: 'accepted', revision: 2 });
    expect(old.json()).toMatchObject({
      statusCode: 409,
      code: 'estimate_changed',
      message: answerMessages.changed,
    });
    const lapsed = await thousandPounds(scene, { expiresOn: addDays(practiceDate(new Date()), -1) });
    const expired = await answer(scene, lapsed.id, { answer: 'accepted', revision: 1 });
    expect(expired.json()).toMatchObject({ statusCode: 409, message: answerMessages.expired });
    const replaced = await thousandPounds(scene, { status: 'superseded' });
    const superseded = await answer(scene, replaced.id, { answer: 'accepted', revision: 1 });
    expect(superseded.json()).toMatchObject({ statusCode: 409, code: 'estimate_superseded' });
    expect(await eventsOf(lapsed.id)).toEqual([]);
    expect((await eventsOf(once.id)).length).toBe(1);
  });

  it('answers another client’s estimate exactly as a missing one, and changes nothing', async () => {
    const scene = await billScene(db, signedInClient);
    const other = await billScene(db, signedInClient);
    const theirs = await thousandPounds(other);
    const body = { answer: 'accepted', revision: 1 };
    const [a, b] = [await answer(scene, theirs.id, body), await answer(scene, 2_000_000_000, body)];
    expect(a.statusCode).toBe(404);
    expect(a.body).toBe(b.body);
    expect(await stored(theirs.id)).toMatchObject({ answer: null, revision: 1 });
  });
});

/** The backends waiting on a lock `pid` holds. */
async function waitersOf(pid: number): Promise<number[]> {
  const { rows } = await pool.query<{ pid: number }>(
    'select pid from pg_stat_activity where $1 = any(pg_blocking_pids(pid)) order by pid',
    [pid],
  );
  return rows.map((row) => row.pid);
}

/** Until `count` backends wait on `pid` (polled; a lock wait, not a time, is what is waited for). */
async function untilWaiting(pid: number, count: number): Promise<number[]> {
  for (let tries = 0; tries < 1_000; tries += 1) {
    const waiters = await waitersOf(pid);
    if (waiters.length >= count) return waiters;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`fewer than ${count} backends waited on ${pid}`);
}

/** Until `pid` waits on a lock of anyone's (the second in a row lock's queue waits on the first). */
async function untilBlocked(pid: number): Promise<void> {
  for (let tries = 0; tries < 1_000; tries += 1) {
    const { rows } = await pool.query<{ blocked: boolean }>(
      'select cardinality(pg_blocking_pids($1)) > 0 as blocked',
      [pid],
    );
    if (rows[0]?.blocked) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${pid} never waited on a lock`);
}

/** A connection in a transaction of its own: the practice system's writer, or the test's hand. */
async function connection() {
  const client: PoolClient = await pool.connect();
  await client.query('begin');
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  return {
    client,
    pid: rows[0]!.pid,
    commit: async () => {
      await client.query('commit');
      client.release();
    },
  };
}

/** The practice system's revision: £1,300 is 30% over £1,000 agreed, so the owner is asked again. */
const revision = (estimateId: number) =>
  `update practice_estimates set total_pence = 130000 where id = ${estimateId}`;

describe('an acceptance racing a revision, in real transactions', () => {
  it('revision first: the acceptance of the old revision is refused, and nothing of it is written', async () => {
    const scene = await billScene(db, signedInClient);
    const estimate = await thousandPounds(scene);
    const reviser = await connection();
    await reviser.client.query(revision(estimate.id));
    const accepting = answer(scene, estimate.id, { answer: 'accepted', revision: 1 });
    await untilWaiting(reviser.pid, 1);
    await reviser.commit();
    const refused = await accepting;
    expect(refused.json()).toMatchObject({ statusCode: 409, code: 'estimate_changed' });
    expect(await stored(estimate.id)).toEqual({ revision: 2, answer: null, agreed_total_pence: null });
    expect(await eventsOf(estimate.id)).toEqual([]);
    const read = estimateDetailSchema.parse(
      (
        await context.app.inject({
          url: `/v2/bills/estimates/${estimate.id}`,
          headers: { authorization: scene.authorization },
        })
      ).json(),
    );
    expect(read).toMatchObject({
      state: 'needsAnswer',
      revision: 2,
      totalPence: 130_000,
      previousTotalPence: 100_000,
    });
  });

  it('acceptance first: the revision waits, is measured against it, and asks the owner again', async () => {
    const scene = await billScene(db, signedInClient);
    const estimate = await thousandPounds(scene);
    // The test's hand holds the row so that both queue behind it, the acceptance first.
    const hand = await connection();
    await hand.client.query('select id from practice_estimates where id = $1 for update', [estimate.id]);
    const accepting = answer(scene, estimate.id, { answer: 'accepted', revision: 1 });
    await untilWaiting(hand.pid, 1);
    const reviser = await connection();
    const revising = reviser.client.query(revision(estimate.id));
    await untilBlocked(reviser.pid);
    await hand.commit();
    const accepted = await accepting;
    await revising;
    await reviser.commit();
    expect(accepted.statusCode).toBe(200);
    expect((await eventsOf(estimate.id)).map((event) => event.type)).toEqual(['estimate.accepted']);
    // The trigger saw the committed acceptance: the rise of 30% cleared it, the agreed total is kept.
    expect(await stored(estimate.id)).toEqual({ revision: 2, answer: null, agreed_total_pence: 100_000 });
    const again = await answer(scene, estimate.id, { answer: 'accepted', revision: 2 });
    expect(estimateDetailSchema.parse(again.json())).toMatchObject({
      state: 'accepted',
      agreedTotalPence: 130_000,
    });
  });
});
