import { randomUUID } from 'node:crypto';
import { holdTime } from '@vet/clinician-time/online-reservations';
import type { DatabaseHandle } from '@vet/db/connection';
import { softBookings } from '@vet/db/schema/appointments';
import { earlierTimeOffers, earlierTimeRequests } from '@vet/db/schema/earlier-times';
import { idpAccounts } from '@vet/db/schema/identity';
import { emailOutbox } from '@vet/db/schema/system';
import {
  createAppointment,
  createClient,
  createClinician,
  createPet,
  createPractice,
  createReason,
} from '@vet/db/testing/factories';
import { afterAll, beforeAll } from 'vitest';
import type { App } from '../../../app.ts';
import { buildTestApp } from '../../../testing/test-app.ts';
import {
  startTestIdentityProvider,
  trustingEnv,
  type TestIdentityProvider,
} from '../../../testing/test-identity-provider.ts';

type TestDatabase = Pick<DatabaseHandle, 'db' | 'pool'> & { url: string };
type Db = TestDatabase['db'];

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

export const unique = () => randomUUID().slice(0, 8);

/**
 * The real app trusting a test provider, started before the file's tests and closed after them; read `app`
 * and `provider` inside tests. External by default (the deletion then leaves the provider alone); with
 * `embedded`, the API is told the provider is its embedded one, whose accounts the deletion erases.
 */
export function useDeletionApp(database: TestDatabase, options: { embedded?: boolean } = {}) {
  const context = {} as { app: App; provider: TestIdentityProvider };
  beforeAll(async () => {
    context.provider = await startTestIdentityProvider();
    const embedded: Record<string, string> = options.embedded
      ? { EMBEDDED_ISSUER: context.provider.issuer }
      : {};
    context.app = await buildTestApp(database, { env: { ...trustingEnv(context.provider), ...embedded } });
  });
  afterAll(async () => {
    await context.app.close();
    await context.provider.close();
  });
  return context;
}

/** A token of a sign-in a few seconds ago (decision 0079: deleting needs one within ten minutes). */
export const recentSignIn = (
  provider: TestIdentityProvider,
  subject: string,
  claims: Record<string, unknown> = {},
) => provider.sign({ claims: { sub: subject, auth_time: Math.floor(Date.now() / 1000) - 5, ...claims } });

/** An account of the embedded provider (its id is the identity's subject). */
export async function embeddedAccount(db: Db, email = `person-${unique()}@example.test`) {
  const [account] = await db
    .insert(idpAccounts)
    .values({ email, passwordHash: 'not-a-real-hash', emailVerified: true })
    .returning({ id: idpAccounts.id });
  return { subject: account!.id, email };
}

/** POST /client/online-account/delete with the typed word. */
export function deleteAccount(app: App, token: string) {
  return app.inject({
    method: 'POST',
    url: '/client/online-account/delete',
    headers: { authorization: `Bearer ${token}` },
    payload: { confirmation: 'DELETE' },
  });
}

/** A client record linked to a fresh identity of the provider, with a pet and a booked appointment. */
export async function linkedClientWithAppointment(
  db: Db,
  provider: TestIdentityProvider,
  overrides: { email?: string } = {},
) {
  const subject = `subject-${randomUUID()}`;
  const practice = await createPractice(db);
  const clinician = await createClinician(db, { practiceId: practice.id });
  const reason = await createReason(db);
  const client = await createClient(db, {
    homePracticeId: practice.id,
    identityIssuer: provider.issuer,
    identitySubject: subject,
    linkedAt: new Date(),
    ...overrides,
  });
  const pet = await createPet(db, { clientId: client.id, name: `Pet${client.id}` });
  // Far ahead, at a random minute: no two tests' times meet on a clinician.
  const startsAt = new Date(Date.now() + 30 * DAY_MS + Math.floor(Math.random() * 1e6) * MINUTE_MS);
  const appointment = await createAppointment(db, {
    practiceId: practice.id,
    clinicianId: clinician.id,
    clientId: client.id,
    petId: pet.id,
    reasonId: reason.id,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 15 * MINUTE_MS),
  });
  return { subject, practice, clinician, reason, client, pet, appointment };
}

export type OfferState = 'Offered' | 'Lapsed' | 'Taken';

/**
 * An earlier-time offer of the appointment's request in the given state, as decision 0086's code leaves
 * it: the hold (a soft booking with the client's names, e-mail and pet, as the record has them), its
 * reservation while it is live, the offer, the request, and the offer's e-mail, sent.
 */
export async function earlierTimeOffer(
  db: Db,
  scene: Awaited<ReturnType<typeof linkedClientWithAppointment>>,
  state: OfferState,
) {
  const { practice, clinician, reason, client, pet, appointment } = scene;
  const startsAt = new Date(appointment.startsAt.getTime() - 2 * DAY_MS);
  const endsAt = new Date(startsAt.getTime() + 15 * MINUTE_MS);
  const expiresAt = new Date(Date.now() + (state === 'Offered' ? 15 : -5) * MINUTE_MS);
  const [request] = await db
    .insert(earlierTimeRequests)
    .values({
      appointmentId: appointment.id,
      clientId: client.id,
      practiceId: practice.id,
      latestDate: startsAt.toISOString().slice(0, 10),
      status: state === 'Offered' ? 'Offered' : state === 'Taken' ? 'Taken' : 'Waiting',
    })
    .returning({ id: earlierTimeRequests.id });
  const holdStatus = { Offered: 'Held', Lapsed: 'Expired', Taken: 'Converted' } as const;
  const [hold] = await db
    .insert(softBookings)
    .values({
      practiceId: practice.id,
      clinicianId: clinician.id,
      reasonId: reason.id,
      startsAt,
      endsAt,
      expiresAt,
      status: holdStatus[state],
      firstName: client.firstName,
      lastName: client.lastName,
      email: client.email!,
      petName: pet.name,
      speciesId: pet.speciesId,
      convertedAppointmentId: state === 'Taken' ? appointment.id : null,
    })
    .returning({ id: softBookings.id });
  if (state === 'Offered') {
    await holdTime(db, clinician.id, { holdId: hold!.id, startsAt, endsAt, expiresAt });
  }
  const [offer] = await db
    .insert(earlierTimeOffers)
    .values({
      requestId: request!.id,
      softBookingId: hold!.id,
      clinicianId: clinician.id,
      startsAt,
      endsAt,
      expiresAt,
      tokenHash: `hash-${randomUUID()}`,
      status: state,
    })
    .returning({ id: earlierTimeOffers.id });
  const [email] = await db
    .insert(emailOutbox)
    .values({
      toAddress: client.email!,
      subject: 'An earlier time has come up',
      textBody: `Hello ${client.firstName}, an earlier time for ${pet.name}.`,
      status: 'sent',
    })
    .returning({ id: emailOutbox.id });
  return {
    requestId: request!.id,
    holdId: hold!.id,
    offerId: offer!.id,
    emailId: email!.id,
    startsAt,
    endsAt,
  };
}
