import { randomBytes } from 'node:crypto';
import { integrationPathPrefix } from '@vet/contracts/machine-access';
import { connectDatabase } from '@vet/db/connection';
import { appointments } from '@vet/db/schema/appointments';
import { clients } from '@vet/db/schema/clients';
import { species } from '@vet/db/schema/lookups';
import { createClient, createPet } from '@vet/db/testing/factories';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, inject, it, onTestFinished } from 'vitest';
import { press } from './support/actions.ts';
import { useBrowser } from './support/browser.ts';
import { bookFromTheNotice, checkTimeClearOfNotice } from './support/booking.ts';
import { checkThirdDaysTime, offerLinkFromMailbox } from './support/earlier-times.ts';
import {
  createAccountOnProvider,
  freshEmail,
  registerAsNewClient,
  signUpToFindYourRecord,
} from './support/onboarding.ts';
import { practiceSystemAuthorization } from './support/practice-system.ts';
import { desktop } from './support/shell.ts';
import { expectWelcome, onPortal } from './support/sign-in.ts';

/**
 * Security round three, finding 1 (docs/security/hardening.md): every earlier-time offer is a hold with
 * the client's names, e-mail and pet; deleting the online account of a client who had one answered 500
 * and erased nothing. Here a new client joins the line, is offered an earlier time, deletes their online
 * account, and signs up again as a newcomer; no hold, offer or request of theirs is left.
 */

const api = inject('apiUrl');
const petName = 'Juniper';

/** Letters only, as a last name: each run registers a client of its own. */
const uniqueLastName = () =>
  `Waiter${[...randomBytes(5)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;

function e2eDatabase() {
  return connectDatabase(inject('e2eDatabaseUrl'), { max: 1 });
}

/** The new client's record (by its e-mail) and a dog of theirs, as the practice would have added it. */
async function addDog(email: string): Promise<number> {
  const { db, close } = e2eDatabase();
  try {
    const [client] = await db.select({ id: clients.id }).from(clients).where(eq(clients.email, email));
    const [dog] = await db.select({ id: species.id }).from(species).where(eq(species.name, 'Dog'));
    await createPet(db, { clientId: client!.id, speciesId: dog!.id, name: petName });
    return client!.id;
  } finally {
    await close();
  }
}

/** The client's newest appointment becomes a neighbour's (with a dog of their own): an earlier time, taken. */
async function giveNewestToANeighbour(
  clientId: number,
): Promise<{ appointmentId: number; neighbour: number }> {
  const { db, close } = e2eDatabase();
  try {
    const [row] = await db
      .select({ id: appointments.id, practiceId: appointments.practiceId })
      .from(appointments)
      .where(eq(appointments.clientId, clientId))
      .orderBy(desc(appointments.id))
      .limit(1);
    const neighbour = await createClient(db, { homePracticeId: row!.practiceId });
    const [dog] = await db.select({ id: species.id }).from(species).where(eq(species.name, 'Dog'));
    const pet = await createPet(db, { clientId: neighbour.id, speciesId: dog!.id, name: petName });
    await db
      .update(appointments)
      .set({ clientId: neighbour.id, petId: pet.id })
      .where(eq(appointments.id, row!.id));
    return { appointmentId: row!.id, neighbour: neighbour.id };
  } finally {
    await close();
  }
}

/** What is left of the person's earlier times: their requests, offers, and holds under their e-mail. */
async function leftOf(clientId: number, email: string) {
  const { pool, close } = e2eDatabase();
  try {
    const count = async (query: string, value: unknown) =>
      (await pool.query<{ n: number }>(query, [value])).rows[0]!.n;
    return {
      requests: await count(
        'select count(*)::int as n from earlier_time_requests where client_id = $1',
        clientId,
      ),
      holds: await count(
        'select count(*)::int as n from soft_bookings where lower(email) = lower($1)',
        email,
      ),
      offerEmails: await count(
        "select count(*)::int as n from email_outbox where lower(to_address) = lower($1) and subject like 'An earlier time%'",
        email,
      ),
    };
  } finally {
    await close();
  }
}

/**
 * The journey's appointments (the person's, which the practice keeps, and the neighbour's) deleted, so the
 * journeys after this one find the practice's diary as the seed left it. One statement: the foreign keys
 * are checked at its end.
 */
async function deleteTheJourneysAppointments(clientIds: number[]): Promise<void> {
  const { pool, close } = e2eDatabase();
  try {
    await pool.query(
      `with mine as (select id from appointments where client_id = any($1::int[])),
       requests as (select id from earlier_time_requests where appointment_id in (select id from mine)),
       offers as (
         delete from earlier_time_offers where request_id in (select id from requests) returning soft_booking_id
       ),
       ended as (delete from earlier_time_requests where id in (select id from requests)),
       holds as (
         delete from soft_bookings
         where id in (select soft_booking_id from offers) or converted_appointment_id in (select id from mine)
       )
       delete from appointments where id in (select id from mine)`,
      [clientIds],
    );
  } finally {
    await close();
  }
}

describe('delete my online account after an earlier-time offer', () => {
  const { newPage } = useBrowser();

  it('deletes the account of a client who was offered an earlier time, who then signs up as a newcomer', async () => {
    const page = await newPage(desktop);
    const email = freshEmail('offered');
    await signUpToFindYourRecord(page, email);
    await registerAsNewClient(page, { firstName: 'Rowan', lastName: uniqueLastName(), email });
    await page.waitForURL(onPortal('/'), { timeout: 20_000 });
    await expectWelcome(page, 'Rowan');
    const clientId = await addDog(email);
    const journeys = [clientId];
    onTestFinished(() => deleteTheJourneysAppointments(journeys));

    // An earlier time that becomes a neighbour's, then a later one for which the person waits in line.
    await page.goto('/appointments/book');
    await bookFromTheNotice(
      page,
      { pet: petName, reason: ['Dent', /^Dental check/] },
      checkTimeClearOfNotice,
    );
    const { appointmentId: freedId, neighbour } = await giveNewestToANeighbour(clientId);
    journeys.push(neighbour);
    await page.goto('/appointments/book');
    await bookFromTheNotice(page, { pet: petName, reason: ['Dent', /^Dental check/] }, checkThirdDaysTime);
    await page.goto('/appointments');
    const ask = page.getByRole('button', {
      name: new RegExp(`^Tell me if an earlier time comes up for ${petName}`),
    });
    await ask.first().waitFor();
    await press(ask.first());
    await page.getByLabel(/Latest date that would still help/).waitFor();
    await press(page.getByRole('button', { name: 'Tell me', exact: true }));
    await page.getByText(/We will e-mail you if an earlier time comes up/).waitFor();

    // The practice's system cancels the neighbour's appointment: the time is held for the person, e-mailed.
    const cancelled = await fetch(`${api}${integrationPathPrefix}/appointments/online/${freedId}/cancel`, {
      method: 'POST',
      headers: { authorization: await practiceSystemAuthorization() },
    });
    expect(cancelled.status).toBe(200);
    await offerLinkFromMailbox(page, email);
    expect((await leftOf(clientId, email)).holds).toBe(1);

    // The deletion completes (it answered 500 while the offer's hold was there).
    await page.goto('/client-detail/delete-account');
    await page.getByRole('heading', { level: 1, name: 'Delete your online account' }).waitFor();
    const word = page.getByLabel('Type DELETE to confirm');
    await word.fill('DELETE');
    await word.press('Enter');
    await page.waitForURL(onPortal('/account-deleted'), { timeout: 20_000 });
    await page.getByRole('heading', { level: 1, name: 'Your online account is deleted' }).waitFor();
    // No copy of them in a hold, an offer, a request or a sent offer's e-mail.
    expect(await leftOf(clientId, email)).toEqual({ requests: 0, holds: 0, offerEmails: 0 });

    // The same e-mail creates a new account and starts as a newcomer: "Find your record" again.
    await page.goto('/signup');
    await createAccountOnProvider(page, email);
    await page.waitForURL(onPortal('/registration'), { timeout: 20_000 });
    await page.getByRole('button', { name: 'Find my record' }).waitFor();
  }, 120_000);
});
