import { appointmentSlotsResponseSchema } from '@vet/contracts/appointment-booking';
import { practiceMinutesOfDay, practiceTimeZone, practiceZoneName } from '@vet/contracts/practice-clock';
import { practices } from '@vet/db/schema/practices';
import { createPractice } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { practiceTime } from './booking-emails.ts';
import { bookingHelpers, bookingScene, localDay, slotQuery } from './testing/booking-fixtures.ts';

/**
 * Decision 0055: every practice keeps UK time. The API computes slots by the practice clock
 * (`@vet/contracts/practice-clock`), the web and the e-mails write times by the same clock, and the
 * practices table refuses any other zone; so no page or e-mail can show a time in a zone other than the
 * one the API computed it in.
 */
const CHECK_VIOLATION = '23514';

const database = useTestDatabase();
const { context, signedInClient } = useSignedInTestApp(database);
const { db } = database;
const { book, latestEmailTo } = bookingHelpers(context, db);

function pgError(error: unknown): { code?: string; constraint?: string } {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ('code' in e && typeof e.code === 'string') return e as { code?: string; constraint?: string };
  }
  return {};
}

const refusal = (write: Promise<unknown>) =>
  write.then(
    () => undefined,
    (caught: unknown) => pgError(caught),
  );

describe('every practice keeps UK time', () => {
  it('the practices table refuses another zone, on insert and on update', async () => {
    expect(await refusal(createPractice(db, { timeZone: 'America/New_York' }))).toMatchObject({
      code: CHECK_VIOLATION,
      constraint: 'practices_time_zone_uk_ck',
    });
    const practice = await createPractice(db);
    expect(practice.timeZone).toBe(practiceTimeZone);
    const moved = db
      .update(practices)
      .set({ timeZone: 'America/New_York' })
      .where(eq(practices.id, practice.id));
    expect(await refusal(moved)).toMatchObject({
      code: CHECK_VIOLATION,
      constraint: 'practices_time_zone_uk_ck',
    });
  });

  it('the constraint and the column default name exactly the practice clock’s zone', async () => {
    const { rows } = await database.pool.query<{ definition: string; columnDefault: string }>(
      `select pg_get_constraintdef(c.oid) as definition,
              (select column_default from information_schema.columns
                where table_name = 'practices' and column_name = 'time_zone') as "columnDefault"
         from pg_constraint c
        where c.conname = 'practices_time_zone_uk_ck' and c.conrelid = 'practices'::regclass`,
    );
    expect(rows).toEqual([
      {
        definition: `CHECK ((time_zone = '${practiceTimeZone}'::text))`,
        columnDefault: `'${practiceTimeZone}'::text`,
      },
    ]);
  });

  it('a slot answer says the practice clock’s zone, its starts read the rota there, and the e-mail writes them so', async () => {
    const scene = await bookingScene(db, signedInClient);
    const date = localDay(3);
    const response = await context.app.inject({
      url: `/practices/${scene.practice.id}/appointment-slots?${slotQuery({ appointmentReasonId: scene.reason.id, petId: scene.pet.id, fromDate: date, toDate: date })}`,
      headers: { authorization: scene.authorization },
    });
    const body = appointmentSlotsResponseSchema.strict().parse(response.json());
    expect(body.timeZone).toBe(practiceTimeZone);
    // The scene's vets work 09:00–17:00 with a 12:00–13:00 break, on the practice's clock.
    const first = new Date(body.slots[0]!.startsAt);
    expect(practiceMinutesOfDay(first)).toBe(9 * 60);
    expect(body.slots.map((slot) => practiceMinutesOfDay(new Date(slot.startsAt)))).not.toContain(12 * 60);

    expect((await book(scene, first)).statusCode).toBe(201);
    const email = await latestEmailTo(scene.client.email!);
    expect(email?.text).toContain(`When: ${practiceTime(first)} (UK time).`);
    expect(email?.text).toContain(` at 09:00 ${practiceZoneName(first)} (UK time).`);
  });
});
