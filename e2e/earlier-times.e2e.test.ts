import { integrationPathPrefix } from '@vet/contracts/machine-access';
import { connectDatabase } from '@vet/db/connection';
import { appointments } from '@vet/db/schema/appointments';
import { clients, pets } from '@vet/db/schema/clients';
import { appointmentReasons } from '@vet/db/schema/lookups';
import { DEMO_ACCOUNT } from '@vet/db/seed/demo-accounts';
import { createClient, createPet } from '@vet/db/testing/factories';
import { and, desc, eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it, onTestFinished } from 'vitest';
import { press } from './support/actions.ts';
import { expectNoAxeViolations, portalUrl, useBrowser } from './support/browser.ts';
import { practiceSystemAuthorization } from './support/practice-system.ts';
import { bookFromTheNotice, checkTimeClearOfNotice } from './support/booking.ts';
import { checkThirdDaysTime, offerLinkFromMailbox } from './support/earlier-times.ts';
import { screenshots } from './support/screenshots.ts';
import { desktop, phone390 } from './support/shell.ts';
import { signIn } from './support/sign-in.ts';

/**
 * R2.41 (decision 0086): Olivia waits for an earlier time; another client's appointment is
 * cancelled by the practice's system; the time is held for her and e-mailed; one press in the offer's page
 * moves her appointment there. At the end her dental checks are deleted, so the journeys after this one
 * find her appointments as the seed left them.
 */

const api = inject('apiUrl');
const shoot = screenshots('/tmp/shots-earlier-times');

/**
 * Books Bramble's dental check through the portal: the time `choose` checks. Bramble, whom no other journey
 * books, so that her times never meet theirs (they book Pickle and Clover).
 */
async function bookBramble(page: Page, choose: (page: Page) => Promise<Locator>): Promise<string> {
  await page.goto('/appointments/book');
  return bookFromTheNotice(page, { pet: 'Bramble', reason: ['Dent', /^Dental check/] }, choose);
}

/**
 * Olivia's newest booked appointment for Bramble becomes another client's (a neighbour of her practice,
 * with a dog of their own): the time is then someone else's, earlier than hers.
 */
async function giveNewestToANeighbour(): Promise<number> {
  const { db, close } = connectDatabase(inject('e2eDatabaseUrl'), { max: 1 });
  try {
    const [row] = await db
      .select({ id: appointments.id, practiceId: appointments.practiceId, speciesId: pets.speciesId })
      .from(appointments)
      .innerJoin(clients, eq(clients.id, appointments.clientId))
      .innerJoin(pets, eq(pets.id, appointments.petId))
      .innerJoin(appointmentReasons, eq(appointmentReasons.id, appointments.reasonId))
      .where(
        and(
          eq(clients.identitySubject, DEMO_ACCOUNT.manyPets.id),
          eq(pets.name, 'Bramble'),
          eq(appointmentReasons.name, 'Dental check'),
          eq(appointments.status, 'Booked'),
        ),
      )
      .orderBy(desc(appointments.id))
      .limit(1);
    const neighbour = await createClient(db, { homePracticeId: row!.practiceId });
    const dog = await createPet(db, { clientId: neighbour.id, speciesId: row!.speciesId, name: 'Bramble' });
    await db
      .update(appointments)
      .set({ clientId: neighbour.id, petId: dog.id })
      .where(eq(appointments.id, row!.id));
    return row!.id;
  } finally {
    await close();
  }
}

/**
 * Olivia's dental checks for Bramble (the journey's own: the seed gives Bramble none) deleted with their
 * earlier-times rows and holds, so the journeys after this one find her appointments as the seed left them
 * (a pet's page lists cancelled ones too). One statement: the foreign keys are checked at its end.
 */
async function deleteBramblesDentalChecks(): Promise<void> {
  const { pool, close } = connectDatabase(inject('e2eDatabaseUrl'), { max: 1 });
  try {
    await pool.query(
      `with mine as (
         select a.id from appointments a
         join clients c on c.id = a.client_id
         join pets p on p.id = a.pet_id
         join appointment_reasons r on r.id = a.reason_id
         where c.identity_subject = $1 and p.name = 'Bramble' and r.name = 'Dental check'
       ),
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
      [DEMO_ACCOUNT.manyPets.id],
    );
  } finally {
    await close();
  }
}

describe('earlier times', () => {
  const { newPage } = useBrowser();

  it('joins the list, a desk cancellation frees an earlier time, and one press takes it', async () => {
    const page = await newPage(desktop);
    await signIn(page, DEMO_ACCOUNT.manyPets, '/appointments/book');
    // Even when a step fails, the journeys after this one must find Olivia's appointments as seeded.
    onTestFinished(deleteBramblesDentalChecks);
    // Not the soonest time: it can fall inside the practice's minimum notice while the journey runs (a
    // clock edge every quarter hour), and a time inside the notice is never offered.
    const earlier = await bookBramble(page, checkTimeClearOfNotice);
    const freedId = await giveNewestToANeighbour();
    const later = await bookBramble(page, checkThirdDaysTime);
    const [, laterTime] = later.split(', ');

    // On her appointments: "Tell me if an earlier time comes up" for the later one.
    await page.goto('/appointments');
    const ask = page
      .getByRole('button', { name: /^Tell me if an earlier time comes up for Bramble/ })
      .first();
    await ask.waitFor();
    await press(ask);
    await page.getByLabel(/Latest date that would still help/).waitFor();
    await expectNoAxeViolations(page);
    await shoot(page, 'asking');
    await press(page.getByRole('button', { name: 'Tell me', exact: true }));
    await page.getByText(/We will e-mail you if an earlier time comes up/).waitFor();
    await expectNoAxeViolations(page);
    await shoot(page, 'waiting');
    // On a phone, the same list with the waiting note and the other appointments' offers to ask.
    const small = await newPage(phone390);
    await signIn(small, DEMO_ACCOUNT.manyPets, '/appointments');
    await small.getByText(/We will e-mail you if an earlier time comes up/).waitFor();
    await press(small.getByRole('button', { name: /^Tell me if an earlier time comes up for / }).first());
    await small.getByLabel(/Latest date that would still help/).waitFor();
    await expectNoAxeViolations(small);
    await shoot(small, 'asking');

    // The practice's system cancels the neighbour's (earlier) appointment.
    const cancelled = await fetch(`${api}${integrationPathPrefix}/appointments/online/${freedId}/cancel`, {
      method: 'POST',
      headers: { authorization: await practiceSystemAuthorization() },
    });
    expect(cancelled.status).toBe(200);

    const href = await offerLinkFromMailbox(page, DEMO_ACCOUNT.manyPets.email);
    const mobile = await newPage(phone390);
    await mobile.goto(href);
    await mobile.getByRole('heading', { level: 2, name: 'The earlier time' }).waitFor();
    const shown = await mobile.getByRole('main').innerText();
    const [, earlierTime] = earlier.split(', ');
    for (const value of ['Bramble', 'Dental check', earlierTime ?? '', laterTime ?? ''])
      expect(shown).toContain(value);
    await expectNoAxeViolations(mobile);
    await shoot(mobile, 'offer');

    const desk = await newPage(desktop);
    await desk.goto(href);
    await desk.getByRole('heading', { level: 2, name: 'The earlier time' }).waitFor();
    // Read, the token left the address bar (decision 0095).
    expect(desk.url()).toBe(`${portalUrl()}/earlier-time`);
    await expectNoAxeViolations(desk);
    await shoot(desk, 'offer');
    await press(desk.getByRole('button', { name: 'Move my appointment to this time' }));
    await desk.getByText('Your appointment has moved').waitFor();
    await expectNoAxeViolations(desk);
    await shoot(desk, 'moved');
  });
});
