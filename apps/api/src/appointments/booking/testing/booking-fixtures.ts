import { addDays, practiceDate, practiceInstant } from '@vet/contracts/practice-clock';
import { featureKeys } from '@vet/contracts/practices';
import type { Database } from '@vet/db/connection';
import { clinicianReservations } from '@vet/db/schema/appointments';
import { emailOutbox } from '@vet/db/schema/system';
import { desc, eq } from 'drizzle-orm';
import { clinicianRotaBreaks, closures } from '@vet/db/schema/clinicians';
import {
  createClinician,
  createPet,
  createPractice,
  createReason,
  createRotaShift,
  createSpecies,
} from '@vet/db/testing/factories';
import type { useSignedInTestApp } from '../../../testing/signed-in-app.ts';

type SignedInClient = ReturnType<typeof useSignedInTestApp>['signedInClient'];
type Context = ReturnType<typeof useSignedInTestApp>['context'];

/** A local date `days` from today on the practice's clocks, and instants on it. */
export const localDay = (days: number) => addDays(practiceDate(new Date()), days);
export const localInstant = (date: string, time: string) => practiceInstant(date, time);
/** The scenes' practices keep the default minimum notice: two hours. */
export const minNoticeMs = 2 * 60 * 60_000;
/**
 * The first local date a search can offer: today's, or tomorrow's once the minimum notice reaches past
 * midnight (from 22:00), which is where the API starts the dates it says it searched.
 */
export const firstBookableDay = () => practiceDate(new Date(Date.now() + minNoticeMs));

/**
 * A practice with online booking on, `vets` vets working 09:00–17:00 every day with a 12:00–13:00 break,
 * a nurse, a 30-minute vet reason, and a signed-in client of that practice with a dog. Each test owns one.
 */
export async function bookingScene(
  db: Database,
  signedInClient: SignedInClient,
  options: { vets?: number; onlineBooking?: string | null; allowed?: boolean } = {},
) {
  const features: Record<string, string> =
    options.onlineBooking === null ? {} : { [featureKeys.onlineBooking]: options.onlineBooking ?? 'True' };
  const practice = await createPractice(db, {}, features);
  const vets = [];
  for (let i = 0; i < (options.vets ?? 1); i += 1) {
    const vet = await createClinician(db, { practiceId: practice.id, type: 'Vet' });
    await workEveryDay(db, vet.id);
    vets.push(vet);
  }
  const nurse = await createClinician(db, { practiceId: practice.id, type: 'Nurse' });
  await workEveryDay(db, nurse.id);
  const reason = await createReason(db, { durationMinutes: 30, clinicianType: 'Vet' });
  const dog = await createSpecies(db, { code: 'Canine' });
  const { client, authorization } = await signedInClient({
    homePracticeId: practice.id,
    onlineBookingAllowed: options.allowed ?? true,
  });
  const pet = await createPet(db, { clientId: client.id, speciesId: dog.id, name: 'Biscuit' });
  return { practice, vets, nurse, reason, dog, client, authorization, pet };
}
export type BookingScene = Awaited<ReturnType<typeof bookingScene>>;

async function workEveryDay(db: Database, clinicianId: number) {
  for (let dayOfWeek = 1; dayOfWeek <= 7; dayOfWeek += 1) {
    const shift = await createRotaShift(db, { clinicianId, dayOfWeek, startsAt: '09:00', endsAt: '17:00' });
    await db.insert(clinicianRotaBreaks).values({ shiftId: shift.id, startsAt: '12:00', endsAt: '13:00' });
  }
}

export async function closePractice(db: Database, practiceId: number, startsAt: Date, endsAt: Date) {
  await db.insert(closures).values({ practiceId, startsAt, endsAt, reason: 'Training' });
}

/** Query string of a slot search. */
export const slotQuery = (values: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(values)
      .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
      .map(([key, value]): [string, string] => [key, String(value)]),
  ).toString();

/** Calls and reads the booking tests share: book and amend through the API, a clinician's reservations, the last e-mail. */
export function bookingHelpers(context: Context, db: Database) {
  const app = () => context.app;
  const book = (
    scene: BookingScene,
    startsAt: Date,
    extra: { key?: string; reasonId?: number; petId?: number; notes?: string } = {},
  ) =>
    app().inject({
      method: 'POST',
      url: '/appointments',
      headers: { authorization: scene.authorization, ...(extra.key ? { 'idempotency-key': extra.key } : {}) },
      payload: {
        practiceId: scene.practice.id,
        petId: extra.petId ?? scene.pet.id,
        appointmentReasonId: extra.reasonId ?? scene.reason.id,
        startsAt: startsAt.toISOString(),
        ...(extra.notes === undefined ? {} : { notes: extra.notes }),
      },
    });

  /** Moves one of the scene client's appointments to a new start (POST /appointments/{id}). */
  const amend = (scene: BookingScene, appointmentId: number, startsAt: Date) =>
    app().inject({
      method: 'POST',
      url: `/appointments/${appointmentId}`,
      headers: { authorization: scene.authorization },
      payload: { startsAt: startsAt.toISOString() },
    });

  const reservationsOf = (clinicianId: number) =>
    db
      .select({ during: clinicianReservations.during, appointmentId: clinicianReservations.appointmentId })
      .from(clinicianReservations)
      .where(eq(clinicianReservations.clinicianId, clinicianId));

  const latestEmailTo = async (to: string) => {
    const [row] = await db
      .select({
        subject: emailOutbox.subject,
        text: emailOutbox.textBody,
        attachments: emailOutbox.attachments,
      })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, to))
      .orderBy(desc(emailOutbox.id))
      .limit(1);
    return row;
  };
  return { book, amend, reservationsOf, latestEmailTo };
}
