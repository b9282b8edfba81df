import { randomBytes, randomInt } from 'node:crypto';
import { softBookings } from '@vet/db/schema/appointments';
import { earlierTimeOffers, earlierTimeRequests } from '@vet/db/schema/earlier-times';
import { smsOutbox } from '@vet/db/schema/reminders';
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
import { brandedEmail } from '@vet/email/branded-email';
import { smtpDelivery } from '@vet/email/email-delivery';
import { startEmailWorker, type EmailWorker } from '@vet/email/email-worker';
import { enqueueEmail } from '@vet/email/enqueue-email';
import { enqueueSms } from '@vet/email/enqueue-sms';
import { twilioSmsDelivery } from '@vet/email/sms-delivery';
import { captureLogger } from '@vet/email/testing/capture-logger';
import { startTestSmtpServer, unusedPort, type TestSmtpServer } from '@vet/email/testing/test-smtp-server';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { startTwilioStandIn, type TwilioStandIn } from '../../messages/reminders/testing/twilio-stand-in.ts';
import { buildTestApp, testConfig } from '../../testing/test-app.ts';
import { earlierTimeLinks } from '../earlier-times/earlier-times-routes.ts';
import { hashToken } from '../earlier-times/earlier-times-common.ts';
import { manageLinkKey, manageLinkUrl } from './manage-link-token.ts';

/**
 * Security round three, finding 8 (docs/security/hardening.md): the outboxes kept working links in clear
 * after sending, though the portal stores those tokens hashed everywhere else. Once a message has left
 * (or was given up), its stored body holds no token that opens the manage page or an earlier-time offer:
 * each link found in it is tried at the API, as someone reading the table could.
 */

// A database of its own: the worker takes every job of its database, other test files' too.
const isolated = useOwnDatabase('sent_links_test');
const from = '"Harbour Vets" <no-reply@harbourvets.example>';
/** Midday: texts are held through quiet hours (decision 0085). */
const midday = () => new Date('2026-11-27T12:00:00Z');

let app: App;
let smtp: TestSmtpServer;
let twilio: TwilioStandIn;
let worker: EmailWorker | undefined;
beforeAll(async () => {
  app = await buildTestApp(isolated.current);
  smtp = await startTestSmtpServer();
  twilio = await startTwilioStandIn();
});
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
});
afterAll(async () => {
  await app.close();
  await smtp.close();
  await twilio.close();
});

async function startWorker(smtpUrl: string) {
  worker = await startEmailWorker({
    databaseUrl: isolated.current.url,
    delivery: smtpDelivery({ smtpUrl, from, timeoutMs: 2000 }),
    sms: twilioSmsDelivery({
      accountSid: twilio.accountSid,
      authToken: twilio.authToken,
      from: '+447700900000',
      baseUrl: twilio.url,
    }),
    logger: captureLogger().logger,
    pollInterval: 100,
    now: midday,
  });
}

/** A booked appointment next month, its working manage link, and a live earlier-time offer for it. */
async function appointmentWithLinks() {
  const { db } = isolated.current;
  const config = testConfig(isolated.current.url);
  const practice = await createPractice(db);
  const clinician = await createClinician(db, { practiceId: practice.id });
  const reason = await createReason(db);
  const client = await createClient(db, { homePracticeId: practice.id });
  const pet = await createPet(db, { clientId: client.id });
  const startsAt = new Date(Date.now() + (30 + randomInt(0, 300)) * 86_400_000);
  const appointment = await createAppointment(db, {
    practiceId: practice.id,
    clinicianId: clinician.id,
    clientId: client.id,
    petId: pet.id,
    reasonId: reason.id,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 15 * 60_000),
  });
  const [request] = await db
    .insert(earlierTimeRequests)
    .values({
      appointmentId: appointment.id,
      clientId: client.id,
      practiceId: practice.id,
      latestDate: startsAt.toISOString().slice(0, 10),
      status: 'Offered',
    })
    .returning({ id: earlierTimeRequests.id });
  const offered = new Date(startsAt.getTime() - 86_400_000);
  const expiresAt = new Date(Date.now() + 15 * 60_000);
  const [hold] = await db
    .insert(softBookings)
    .values({
      practiceId: practice.id,
      clinicianId: clinician.id,
      reasonId: reason.id,
      startsAt: offered,
      endsAt: new Date(offered.getTime() + 15 * 60_000),
      expiresAt,
      firstName: client.firstName,
      lastName: client.lastName,
      email: client.email!,
      petName: pet.name,
      speciesId: pet.speciesId,
    })
    .returning({ id: softBookings.id });
  const offerToken = randomBytes(32).toString('base64url');
  await db.insert(earlierTimeOffers).values({
    requestId: request!.id,
    softBookingId: hold!.id,
    clinicianId: clinician.id,
    startsAt: offered,
    endsAt: new Date(offered.getTime() + 15 * 60_000),
    expiresAt,
    tokenHash: hashToken(offerToken),
  });
  return {
    email: client.email!,
    // Generation 0: the appointment's first link (decision 0095).
    manageUrl: manageLinkUrl(
      config.portalUrl,
      manageLinkKey(config.verificationCodePepper),
      appointment.id,
      0,
    ),
    offerUrl: earlierTimeLinks(config.portalUrl)(offerToken),
  };
}

/** The e-mail and the text a reminder would send, each with both links. */
async function enqueueBoth(links: Awaited<ReturnType<typeof appointmentWithLinks>>, maxAttempts?: number) {
  const { db } = isolated.current;
  const content = brandedEmail({
    brandName: 'Harbour Vets',
    subject: 'Reminder of your appointment',
    greeting: 'Hello Sam,',
    paragraphs: [`An earlier time has come up: ${links.offerUrl}`],
    action: { label: 'Confirm, cancel or change', url: links.manageUrl },
  });
  const emailId = await enqueueEmail(db, { to: links.email, ...content }, maxAttempts ? { maxAttempts } : {});
  const smsId = await enqueueSms(
    db,
    {
      to: `+447400${String(randomInt(0, 1e6)).padStart(6, '0')}`,
      body: `Confirm, cancel or change: ${links.manageUrl}`,
    },
    maxAttempts ? { maxAttempts } : {},
  );
  return { emailId, smsId };
}

async function stored(ids: { emailId: number; smsId: number }) {
  const { db } = isolated.current;
  const [email] = await db
    .select({ status: emailOutbox.status, text: emailOutbox.textBody, html: emailOutbox.htmlBody })
    .from(emailOutbox)
    .where(eq(emailOutbox.id, ids.emailId));
  const [sms] = await db
    .select({ status: smsOutbox.status, body: smsOutbox.body })
    .from(smsOutbox)
    .where(eq(smsOutbox.id, ids.smsId));
  return { email: email!, sms: sms! };
}

/** What each link a stored body carries opens at the API: the manage page's read, or the offer's. */
async function whatTheStoredLinksOpen(bodies: string[]) {
  const answers: string[] = [];
  for (const body of bodies) {
    for (const [, token] of body.matchAll(/\/manage#([^\s"<]+)/g)) {
      const response = await app.inject({
        method: 'POST',
        url: '/manage-link/appointment',
        payload: { token },
      });
      answers.push(`manage ${response.statusCode}`);
    }
    for (const [, token] of body.matchAll(/\/earlier-time#([^\s"<]+)/g)) {
      const response = await app.inject({ method: 'POST', url: '/earlier-time-offer', payload: { token } });
      answers.push(`offer ${response.statusCode}`);
    }
  }
  return answers;
}

describe('sent messages keep no working link in the outboxes', () => {
  it('keeps no working manage link or offer token in a sent e-mail or text', async () => {
    const links = await appointmentWithLinks();
    const ids = await enqueueBoth(links);
    // Waiting to go, the stored links work (the message has not left yet).
    const before = await stored(ids);
    expect(await whatTheStoredLinksOpen([before.sms.body])).toEqual(['manage 200']);

    await startWorker(smtp.url);
    await expect
      .poll(async () => Object.values(await stored(ids)).map((row) => row.status), { timeout: 10_000 })
      .toEqual(['sent', 'sent']);

    // The person got working links…
    const received = smtp.received.filter((message) => message.to.includes(links.email)).at(-1)!;
    expect(received.raw.replace(/=\r?\n/g, '')).toContain(links.manageUrl.split('#')[1]);
    expect(twilio.received.at(-1)!.body).toContain(links.manageUrl);
    // …and the outboxes keep none: every link they hold answers 404.
    const after = await stored(ids);
    const bodies = [after.email.text, after.email.html ?? '', after.sms.body];
    const answers = await whatTheStoredLinksOpen(bodies);
    expect(answers.length).toBeGreaterThanOrEqual(4);
    expect(new Set(answers)).toEqual(new Set(['manage 404', 'offer 404']));
    expect(bodies.join('\n')).not.toContain(links.manageUrl);
    expect(bodies.join('\n')).not.toContain(links.offerUrl);
  });

  it('keeps no working link in a message given up on either', async () => {
    const links = await appointmentWithLinks();
    // One attempt each: a mail server that is not there, a number the provider refuses for good.
    const ids = await enqueueBoth(links, 1);
    twilio.failNext(1, 400, 21211);
    await startWorker(`smtp://127.0.0.1:${await unusedPort()}`);
    await expect
      .poll(async () => Object.values(await stored(ids)).map((row) => row.status), { timeout: 10_000 })
      .toEqual(['failed', 'failed']);

    const after = await stored(ids);
    const answers = await whatTheStoredLinksOpen([after.email.text, after.email.html ?? '', after.sms.body]);
    expect(answers.length).toBeGreaterThanOrEqual(4);
    expect(new Set(answers)).toEqual(new Set(['manage 404', 'offer 404']));
  });
});
