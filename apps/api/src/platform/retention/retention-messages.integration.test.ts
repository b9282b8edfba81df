import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appointmentReminders, smsOutbox, vaccinationReminders } from '@vet/db/schema/reminders';
import { emailOutbox } from '@vet/db/schema/system';
import {
  createAppointment,
  createClient,
  createClinician,
  createPet,
  createPractice,
  createReason,
} from '@vet/db/testing/factories';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { daysAgo, now, runRetention } from './testing/retention-test-kit.ts';

/** Decision 0119: messages and reminders age out; nothing still queued ever goes. A database of its own. */
const database = useOwnDatabase('retention_messages');

async function email(createdAt: Date, status: 'pending' | 'sent' | 'failed' = 'sent') {
  const [row] = await database.current.db
    .insert(emailOutbox)
    .values({
      toAddress: 'owner@example.test',
      subject: 'Your appointment',
      textBody: 'See you soon: https://portal.example/manage#redacted',
      htmlBody: '<p>See you soon</p>',
      attachments: [{ filename: 'a.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR' }],
      status,
      createdAt,
    })
    .returning({ id: emailOutbox.id });
  return row!.id;
}

async function sms(createdAt: Date, status: 'pending' | 'sent' | 'failed' = 'sent') {
  const [row] = await database.current.db
    .insert(smsOutbox)
    .values({ toNumber: '+447700900123', body: 'Reminder: Rex tomorrow 09:00', status, createdAt })
    .returning({ id: smsOutbox.id });
  return row!.id;
}

const emailsOf = (ids: number[]) =>
  database.current.db
    .select({
      id: emailOutbox.id,
      textBody: emailOutbox.textBody,
      htmlBody: emailOutbox.htmlBody,
      attachments: emailOutbox.attachments,
      toAddress: emailOutbox.toAddress,
    })
    .from(emailOutbox)
    .where(inArray(emailOutbox.id, ids))
    .orderBy(emailOutbox.id);

describe('applyRetention: the outboxes', () => {
  it('drops a sent e-mail’s body after 30 days, keeping who and when, and the whole row after a year', async () => {
    const { db } = database.current;
    const [fresh, bodyGone, rowGone, pendingOld] = [
      await email(daysAgo(29)),
      await email(daysAgo(31), 'failed'),
      await email(daysAgo(366)),
      await email(daysAgo(400), 'pending'),
    ];
    const outcomes = await runRetention(db);
    const rows = await emailsOf([fresh, bodyGone, rowGone, pendingOld]);
    expect(rows.map((row) => row.id)).toEqual([fresh, bodyGone, pendingOld]);
    expect(rows[0]).toMatchObject({ htmlBody: '<p>See you soon</p>' });
    expect(rows[1]).toMatchObject({
      textBody: '',
      htmlBody: null,
      attachments: [],
      toAddress: 'owner@example.test',
    });
    // A message still waiting to go keeps everything it will send.
    expect(rows[2]).toMatchObject({ htmlBody: '<p>See you soon</p>' });
    expect(outcomes.get('email-bodies')).toMatchObject({ action: 'anonymised', rows: 1 });
    expect(outcomes.get('emails')).toMatchObject({ action: 'deleted', rows: 1 });
  });

  it('does the same to text messages', async () => {
    const { db } = database.current;
    const ids = [
      await sms(daysAgo(29)),
      await sms(daysAgo(31)),
      await sms(daysAgo(366)),
      await sms(daysAgo(400), 'pending'),
    ];
    await runRetention(db);
    const rows = await db
      .select({ id: smsOutbox.id, body: smsOutbox.body })
      .from(smsOutbox)
      .where(inArray(smsOutbox.id, ids))
      .orderBy(smsOutbox.id);
    expect(rows).toEqual([
      { id: ids[0], body: 'Reminder: Rex tomorrow 09:00' },
      { id: ids[1], body: '' },
      { id: ids[3], body: 'Reminder: Rex tomorrow 09:00' },
    ]);
  });

  it('works in bounded batches: five due rows with a batch of two take three batches and all go', async () => {
    const { db } = database.current;
    const ids = [];
    for (let n = 0; n < 5; n += 1) ids.push(await sms(daysAgo(500)));
    const batches: number[] = [];
    const outcomes = await runRetention(db, {
      batchSize: 2,
      onBatch: (kind, rows) => {
        if (kind === 'sms') batches.push(rows);
      },
    });
    expect(batches).toEqual([2, 2, 1]);
    expect(outcomes.get('sms')).toMatchObject({ rows: 5, batches: 3, interrupted: false });
    expect(await db.select({ id: smsOutbox.id }).from(smsOutbox).where(inArray(smsOutbox.id, ids))).toEqual(
      [],
    );
  });

  it('a dry run counts what is due and changes nothing', async () => {
    const { db } = database.current;
    const id = await email(daysAgo(700));
    const outcomes = await runRetention(db, { dryRun: true });
    expect(outcomes.get('emails')?.rows).toBeGreaterThanOrEqual(1);
    expect(await db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.id, id))).toEqual([
      { id },
    ]);
  });
});

describe('applyRetention: reminder history', () => {
  it('deletes a handled reminder a year on, keeps a recent one and one still queued', async () => {
    const { db } = database.current;
    const practice = await createPractice(db);
    const clinician = await createClinician(db, { practiceId: practice.id });
    const reason = await createReason(db);
    const client = await createClient(db, { homePracticeId: practice.id });
    const pet = await createPet(db, { clientId: client.id });
    const appointment = await createAppointment(db, {
      practiceId: practice.id,
      clinicianId: clinician.id,
      clientId: client.id,
      petId: pet.id,
      reasonId: reason.id,
      startsAt: daysAgo(400),
      endsAt: new Date(daysAgo(400).getTime() + 15 * 60_000),
    });
    const reminder = (kind: string, createdAt: Date, status: string) => ({
      appointmentId: appointment.id,
      kind,
      channel: 'email' as const,
      appointmentStartsAt: appointment.startsAt,
      dueAt: createdAt,
      createdAt,
      status,
    });
    const inserted = await db
      .insert(appointmentReminders)
      .values([
        reminder('d2', daysAgo(402), 'sent'),
        reminder('d1', daysAgo(300), 'skipped'),
        reminder('d0', daysAgo(401), 'queued'),
      ])
      .returning({ id: appointmentReminders.id });
    const vaccination = (dueOn: string, createdAt: Date) => ({
      petId: pet.id,
      vaccine: 'lepto',
      dueOn,
      kind: 'd0',
      channel: 'email' as const,
      createdAt,
      status: 'sent',
    });
    const vaccinations = await db
      .insert(vaccinationReminders)
      .values([vaccination('2020-01-01', daysAgo(800)), vaccination(now.toISOString().slice(0, 10), now)])
      .returning({ id: vaccinationReminders.id });

    await runRetention(db);
    const kept = await db
      .select({ id: appointmentReminders.id })
      .from(appointmentReminders)
      .where(
        inArray(
          appointmentReminders.id,
          inserted.map((row) => row.id),
        ),
      );
    expect(kept.map((row) => row.id)).toEqual([inserted[1]!.id, inserted[2]!.id]);
    const keptVaccinations = await db
      .select({ id: vaccinationReminders.id })
      .from(vaccinationReminders)
      .where(
        inArray(
          vaccinationReminders.id,
          vaccinations.map((row) => row.id),
        ),
      );
    expect(keptVaccinations).toEqual([{ id: vaccinations[1]!.id }]);
  });
});
