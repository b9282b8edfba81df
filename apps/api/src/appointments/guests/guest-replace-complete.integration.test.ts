import { appointmentDetailSchema, bookingConflictSchema } from '@vet/contracts/appointment-booking';
import { apiErrorSchema } from '@vet/contracts/errors';
import { guestMessages, softBookingSchema } from '@vet/contracts/guest-bookings';
import { appointments, softBookings } from '@vet/db/schema/appointments';
import { pets } from '@vet/db/schema/clients';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { bookingHelpers, bookingScene, localDay, localInstant } from '../booking/testing/booking-fixtures.ts';
import { guestHelpers } from './testing/guest-fixtures.ts';

const database = useTestDatabase({ max: 20 });
const { context, signedInClient, bearerForNewIdentity } = useSignedInTestApp(database);
const { db } = database;
const { book, latestEmailTo } = bookingHelpers(context, db);
const { held, replace, complete, expire, holdRow, holdReservations } = guestHelpers(context, db);

/** Every hold of a practice, with its status. */
const holdsOf = (practiceId: number) =>
  db
    .select({ id: softBookings.id, status: softBookings.status, startsAt: softBookings.startsAt })
    .from(softBookings)
    .where(eq(softBookings.practiceId, practiceId));

describe('POST /guest/soft-bookings/{originalSoftBookingId}', () => {
  it('holds the new time and releases the original in one go; the original id then answers 409', async () => {
    const scene = await bookingScene(db, signedInClient);
    const date = localDay(3);
    const original = await held(scene, localInstant(date, '09:00'));
    const newStart = localInstant(date, '09:15');
    const response = await replace(scene, original.softBookingId, newStart);
    expect(response.statusCode).toBe(201);
    const moved = softBookingSchema.parse(response.json());
    expect(moved.softBookingId).not.toBe(original.softBookingId);
    expect(moved.slot.startsAt).toBe(newStart.toISOString());
    expect(moved.petName).toBe('Pepper');
    expect((await holdRow(original.softBookingId))?.status).toBe('Replaced');
    expect((await holdRow(moved.softBookingId))?.replacesId).toBe(original.softBookingId);
    const rows = await holdReservations([scene.vets[0]!.id]);
    expect(rows.map((r) => r.softBookingId)).toEqual([moved.softBookingId]);

    const again = await replace(scene, original.softBookingId, localInstant(date, '10:00'));
    expect(again.statusCode).toBe(409);
    expect(apiErrorSchema.parse(again.json()).message).toBe(guestMessages.holdReplaced);
    expect((await replace(scene, crypto.randomUUID(), newStart)).statusCode).toBe(404);
  });

  it('keeps the original when the new time is taken (409 with alternatives)', async () => {
    const scene = await bookingScene(db, signedInClient);
    const date = localDay(3);
    const original = await held(scene, localInstant(date, '11:00'));
    const taken = localInstant(date, '14:00');
    expect((await book(scene, taken)).statusCode).toBe(201);
    const response = await replace(scene, original.softBookingId, taken);
    expect(response.statusCode).toBe(409);
    expect(bookingConflictSchema.parse(response.json()).alternatives?.length).toBeGreaterThan(0);
    expect((await holdRow(original.softBookingId))?.status).toBe('Held');
  });

  it('never leaves both or neither held: of 20 parallel replaces to different times, one hold and one reservation remain', async () => {
    const scene = await bookingScene(db, signedInClient, { vets: 2 });
    const date = localDay(4);
    const original = await held(scene, localInstant(date, '09:00'));
    const times = Array.from({ length: 20 }, (_, i) => {
      const minutes = 9 * 60 + 30 + i * 15;
      const at = minutes >= 12 * 60 ? minutes + 60 : minutes; // around the 12:00–13:00 break
      return localInstant(
        date,
        `${String(Math.floor(at / 60)).padStart(2, '0')}:${String(at % 60).padStart(2, '0')}`,
      );
    });
    const responses = await Promise.all(times.map((time) => replace(scene, original.softBookingId, time)));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 409)).toBe(true);

    const holds = await holdsOf(scene.practice.id);
    const live = holds.filter((h) => h.status === 'Held');
    expect(live).toHaveLength(1);
    expect(holds.find((h) => h.id === original.softBookingId)?.status).toBe('Replaced');
    const rows = await holdReservations(scene.vets.map((vet) => vet.id));
    expect(rows.map((r) => r.softBookingId)).toEqual([live[0]!.id]);
  });
});

describe('POST /guest/soft-bookings/{id}/complete', () => {
  it('needs a signed-in identity linked to a client (401, 403)', async () => {
    const scene = await bookingScene(db, signedInClient);
    const hold = await held(scene, localInstant(localDay(3), '15:00'));
    expect((await complete(hold.softBookingId)).statusCode).toBe(401);
    expect((await complete(hold.softBookingId, await bearerForNewIdentity())).statusCode).toBe(403);
    expect((await holdRow(hold.softBookingId))?.status).toBe('Held');
  });

  it('turns the hold into the client’s appointment with a new pet awaiting its initial consultation, and e-mails it', async () => {
    const scene = await bookingScene(db, signedInClient);
    const startsAt = localInstant(localDay(3), '16:00');
    const hold = await held(scene, startsAt);
    const response = await complete(hold.softBookingId, scene.authorization);
    expect(response.statusCode).toBe(201);
    const appointment = appointmentDetailSchema.parse(response.json());
    expect(appointment).toMatchObject({ startsAt: startsAt.toISOString(), status: 'Booked' });

    const [pet] = await db.select().from(pets).where(eq(pets.id, appointment.petId));
    expect(pet).toMatchObject({
      clientId: scene.client.id,
      name: 'Pepper',
      speciesId: scene.dog.id,
      sex: 'Female',
      awaitingInitialConsultation: true,
      registeredOnline: true,
    });
    expect(await holdRow(hold.softBookingId)).toMatchObject({
      status: 'Converted',
      convertedAppointmentId: appointment.appointmentId,
    });
    const rows = await holdReservations([scene.vets[0]!.id]);
    expect(rows).toEqual([
      expect.objectContaining({ softBookingId: null, appointmentId: appointment.appointmentId }),
    ]);
    const email = await latestEmailTo(scene.client.email!);
    expect(email?.subject).toBe('Your appointment is booked');
    expect(email?.text).toContain('Pepper');
    expect(email?.attachments[0]?.filename).toBe('appointment.ics');

    const again = await complete(hold.softBookingId, scene.authorization);
    expect(again.statusCode).toBe(409);
    expect(apiErrorSchema.parse(again.json()).message).toBe(guestMessages.holdCompleted);
  });

  it('is all or nothing: when the e-mail cannot be written after the appointment, nothing remains and the hold stands', async () => {
    const scene = await bookingScene(db, signedInClient);
    const startsAt = localInstant(localDay(3), '10:30');
    const hold = await held(scene, startsAt);
    const email = scene.client.email!;
    await db.execute(
      sql.raw(`
      create or replace function fail_guest_test_email() returns trigger language plpgsql as $$
      begin
        if new.to_address = '${email.replace(/'/g, "''")}' then raise exception 'forced failure'; end if;
        return new;
      end $$;
      create trigger fail_guest_test_email before insert on email_outbox
        for each row execute function fail_guest_test_email();`),
    );
    try {
      const response = await complete(hold.softBookingId, scene.authorization);
      expect(response.statusCode).toBe(500);
    } finally {
      await db.execute(sql`drop trigger fail_guest_test_email on email_outbox`);
    }
    expect(
      await db
        .select()
        .from(pets)
        .where(and(eq(pets.clientId, scene.client.id), eq(pets.name, 'Pepper'))),
    ).toEqual([]);
    expect(await db.select().from(appointments).where(eq(appointments.clientId, scene.client.id))).toEqual(
      [],
    );
    expect((await holdRow(hold.softBookingId))?.status).toBe('Held');
    const rows = await holdReservations([scene.vets[0]!.id]);
    expect(rows.map((r) => r.softBookingId)).toEqual([hold.softBookingId]);

    // With the fault gone, the same hold completes.
    expect((await complete(hold.softBookingId, scene.authorization)).statusCode).toBe(201);
  });

  it('re-checks an expired hold: books it while the time is free, else 409 with the nearest times in plain words', async () => {
    const scene = await bookingScene(db, signedInClient);
    const date = localDay(5);
    const free = await held(scene, localInstant(date, '09:00'));
    await expire(free.softBookingId);
    expect((await complete(free.softBookingId, scene.authorization)).statusCode).toBe(201);

    const gone = await held(scene, localInstant(date, '10:00'));
    await expire(gone.softBookingId);
    expect((await book(scene, localInstant(date, '10:00'))).statusCode).toBe(201);
    const response = await complete(gone.softBookingId, scene.authorization);
    expect(response.statusCode).toBe(409);
    const body = bookingConflictSchema.parse(response.json());
    expect(body.message).toBe(guestMessages.slotGone);
    expect(body.alternatives?.length).toBeGreaterThan(0);
    const newPets = await db
      .select({ id: pets.id })
      .from(pets)
      .where(and(eq(pets.clientId, scene.client.id), eq(pets.name, 'Pepper')));
    expect(newPets).toHaveLength(1); // the first completion's only
  });

  it('refuses a client not allowed to book online (403) and leaves the hold as it was', async () => {
    const scene = await bookingScene(db, signedInClient);
    const blocked = await signedInClient({ homePracticeId: scene.practice.id, onlineBookingAllowed: false });
    const hold = await held(scene, localInstant(localDay(3), '13:30'));
    expect((await complete(hold.softBookingId, blocked.authorization)).statusCode).toBe(403);
    expect((await holdRow(hold.softBookingId))?.status).toBe('Held');
  });

  it('lets whoever holds the id and is signed in complete it (the id is the guest’s token)', async () => {
    const scene = await bookingScene(db, signedInClient);
    const other = await signedInClient({ homePracticeId: scene.practice.id });
    const hold = await held(scene, localInstant(localDay(3), '11:30'));
    const response = await complete(hold.softBookingId, other.authorization);
    expect(response.statusCode).toBe(201);
    const [row] = await db
      .select({ clientId: appointments.clientId })
      .from(appointments)
      .where(eq(appointments.id, appointmentDetailSchema.parse(response.json()).appointmentId));
    expect(row?.clientId).toBe(other.client.id);
  });

  it('keeps a live hold’s time from a concurrent booking while it completes', async () => {
    const scene = await bookingScene(db, signedInClient);
    const startsAt = localInstant(localDay(6), '14:30');
    const hold = await held(scene, startsAt);
    const [completion, booking] = await Promise.all([
      complete(hold.softBookingId, scene.authorization),
      book(scene, startsAt),
    ]);
    expect(completion.statusCode).toBe(201);
    expect(booking.statusCode).toBe(409);
    const live = await db
      .select({ id: softBookings.id })
      .from(softBookings)
      .where(
        and(
          inArray(softBookings.id, [hold.softBookingId]),
          gt(softBookings.expiresAt, new Date()),
          eq(softBookings.status, 'Held'),
        ),
      );
    expect(live).toEqual([]);
  });
});
