import { randomUUID } from 'node:crypto';
import { apiErrorSchema } from '@vet/contracts/errors';
import { appointments } from '@vet/db/schema/appointments';
import { emailOutbox } from '@vet/db/schema/system';
import { jobsLeft } from '@vet/email/testing/outbox-probe';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  localDay,
  localInstant,
  type BookingScene,
} from '../apps/api/src/appointments/booking/testing/booking-fixtures.ts';
import { startFaultPortal, type FaultPortal } from './support/fault-portal.ts';
import { repeat, request, until, type Answer } from './support/request-streams.ts';

/**
 * The fault test of docs/security/hardening.md, finding 18: PostgreSQL restarted (a fast shutdown, then a
 * start) while reads and bookings flow through the API and the web's BFF. The processes keep running, answer
 * 503 in the API's error shape while it is down, are back within 10 s of it, and no booking or confirmation
 * e-mail is lost or doubled.
 */
interface Booking {
  scene: BookingScene;
  startsAt: Date;
  key: string;
  answer: Answer;
  retry?: Answer;
}

const sceneCount = 3;
let fault: FaultPortal;
beforeAll(async () => {
  fault = await startFaultPortal(sceneCount);
});
afterAll(async () => {
  await fault?.stop();
});

/** Every free start of a scene's vet, a week ahead: 09:00–16:30 each half hour outside the 12–13 break. */
function slotsOf(): Date[] {
  const times = ['09', '10', '11', '13', '14', '15', '16'].flatMap((hour) => [`${hour}:00`, `${hour}:30`]);
  return [1, 2, 3, 4, 5, 6, 7].flatMap((day) => times.map((time) => localInstant(localDay(day), time)));
}

function book(scene: BookingScene, startsAt: Date, key: string): Promise<Answer> {
  return request(`${fault.portal.apiUrl}/appointments`, {
    method: 'POST',
    headers: {
      authorization: scene.authorization,
      'content-type': 'application/json',
      'idempotency-key': key,
    },
    body: JSON.stringify({
      practiceId: scene.practice.id,
      petId: scene.pet.id,
      appointmentReasonId: scene.reason.id,
      startsAt: startsAt.toISOString(),
    }),
  });
}

/** A 503 in the contracts' error shape that reveals nothing of the fault. */
function expectUnavailable(answer: Answer, what: string) {
  expect(answer.status, what).toBe(503);
  expect(apiErrorSchema.parse(answer.body), what).toMatchObject({ statusCode: 503 });
  expect(JSON.stringify(answer.body), what).not.toMatch(/stack|ECONN|postgres|\bat .+:\d+:\d+/i);
}

const isUp = (answer: Answer) => answer.status === 200 || answer.status === 201;

/** The ids of the appointments a raw e-mail's calendar entry names (its parts may be base64 or QP). */
function appointmentIdsIn(raw: string): string[] {
  const decoded = [raw.replace(/=\r?\n/g, '')];
  for (const match of raw.matchAll(/base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g)) {
    decoded.push(Buffer.from(match[1]!.replace(/\s/g, ''), 'base64').toString('utf8'));
  }
  const ids = decoded.flatMap((text) => [...text.matchAll(/UID:appointment-(\d+)@client-portal/g)]);
  return [...new Set(ids.map((match) => match[1]!))];
}

describe('PostgreSQL restarted while requests flow', () => {
  it('answers 503 while it is down, recovers within 10 s, and loses or doubles no booking or e-mail', async () => {
    const { portal, postgres, scenes, webCookie } = fault;
    const reads: { name: string; answer: Answer }[] = [];
    const bookings: Booking[] = [];
    const readers = [
      repeat(async () => {
        const answer = await request(`${portal.apiUrl}/v2/pets`, {
          headers: { authorization: scenes[0]!.authorization },
        });
        reads.push({ name: 'API GET /v2/pets', answer });
      }, 50),
      repeat(async () => {
        const answer = await request(`${portal.portalUrl}/bff/v2/pets`, { headers: { cookie: webCookie } });
        reads.push({ name: 'web GET /bff/v2/pets', answer });
      }, 50),
    ];
    const bookers = scenes.map((scene) => {
      const slots = slotsOf();
      return repeat(async () => {
        const startsAt = slots.shift();
        if (!startsAt) return false;
        const key = randomUUID();
        bookings.push({ scene, startsAt, key, answer: await book(scene, startsAt, key) });
      }, 100);
    });
    const booked = (scene: BookingScene, after: number) =>
      bookings.filter((b) => b.scene === scene && b.answer.startedAt >= after && b.answer.status === 201);
    const readsOf = (name: string, after: number) =>
      reads.filter((r) => r.name === name && r.answer.startedAt >= after).map((r) => r.answer);

    // Running normally.
    await until('two bookings per client', () => scenes.every((s) => booked(s, 0).length >= 2), 15_000);

    // A fast shutdown: sessions are ended mid-request.
    const downAt = Date.now();
    await postgres.stop();
    await until(
      'a 503 from every kind of request',
      () =>
        scenes.every((s) => bookings.some((b) => b.scene === s && b.answer.startedAt > downAt + 50)) &&
        readsOf('API GET /v2/pets', downAt + 50).length > 0 &&
        readsOf('web GET /bff/v2/pets', downAt + 50).length > 0,
      10_000,
    );
    expectUnavailable(await request(`${portal.apiUrl}/readyz`), 'readyz while down');
    const page = await request(`${portal.portalUrl}/`, { headers: { cookie: webCookie } });
    expect([200, 500, 503], 'a page while down').toContain(page.status);
    expect(String(page.body), 'a page while down').not.toMatch(/ECONNREFUSED|node_modules|\bat .+:\d+:\d+/);
    // The session is not over, its store is unreachable: 503, and the browser keeps its cookie.
    const session = await request(`${portal.portalUrl}/api/auth/session`, { headers: { cookie: webCookie } });
    expectUnavailable(session, 'the web session while down');
    expect(session.setCookies, 'the web session while down').toEqual([]);

    // Back: within 10 s of PostgreSQL answering again, everything answers again.
    await postgres.start();
    const upAt = Date.now();
    await until(
      'readiness, reads and a booking per client succeeding again',
      async () =>
        (await request(`${portal.apiUrl}/readyz`)).status === 200 &&
        readsOf('API GET /v2/pets', upAt).some(isUp) &&
        readsOf('web GET /bff/v2/pets', upAt).some(isUp) &&
        scenes.every((s) => booked(s, upAt).length > 0),
      10_000,
    );
    const recoveredInMs = Date.now() - upAt;
    const sessionAgain = await request(`${portal.portalUrl}/api/auth/session`, {
      headers: { cookie: webCookie },
    });
    expect(sessionAgain.status, 'the web session once back').toBe(200);
    expect(sessionAgain.body, 'the web session once back').toHaveProperty('expires');
    await Promise.all([...readers, ...bookers].map((stream) => stream.stop()));

    // No process exited; every answer was a success or a clean 503, never a 500 or no answer at all.
    for (const process of portal.processes) expect(process.child.exitCode, process.name).toBeNull();
    const down = [...reads.map((r) => ({ what: r.name, answer: r.answer }))].concat(
      bookings.map((b) => ({ what: 'API POST /appointments', answer: b.answer })),
    );
    for (const { what, answer } of down.filter(({ answer }) => !isUp(answer)))
      expectUnavailable(answer, what);
    const refused = bookings.filter((b) => b.answer.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    expect(reads.filter((r) => r.answer.status === 503).length).toBeGreaterThan(1);

    // The client retries each refused booking with its Idempotency-Key: booked once, never twice.
    for (const booking of refused) booking.retry = await book(booking.scene, booking.startsAt, booking.key);
    expect(refused.map((b) => b.retry?.status)).toEqual(refused.map(() => 201));

    const idOf = (answer: Answer) => String((answer.body as { appointmentId: number }).appointmentId);
    const answered = bookings.map((b) => idOf(b.retry ?? b.answer)).sort();
    const rows = await fault.database.db
      .select({ id: appointments.id, petId: appointments.petId, startsAt: appointments.startsAt })
      .from(appointments)
      .where(
        inArray(
          appointments.petId,
          scenes.map((s) => s.pet.id),
        ),
      );
    expect(rows.map((row) => String(row.id)).sort()).toEqual(answered);
    expect(new Set(rows.map((row) => `${row.petId} ${row.startsAt.toISOString()}`)).size).toBe(rows.length);

    // Every booking's confirmation reaches the mail server exactly once, once the outbox has drained.
    const addresses = scenes.map((s) => s.client.email!);
    await until(
      'every confirmation e-mail sent',
      async () => {
        const outbox = await fault.database.db
          .select({ id: emailOutbox.id, status: emailOutbox.status })
          .from(emailOutbox)
          .where(inArray(emailOutbox.toAddress, addresses));
        return (
          outbox.length === rows.length &&
          outbox.every((row) => row.status === 'sent') &&
          (await jobsLeft(
            fault.database,
            outbox.map((row) => Number(row.id)),
          )) === 0
        );
      },
      30_000,
    );
    const mailed = fault.smtp.received
      .filter((email) => email.to.some((to) => addresses.includes(to)))
      .flatMap((email) => appointmentIdsIn(email.raw))
      .sort();
    expect(mailed).toEqual(answered);

    console.info(
      `database restart: ${bookings.length} bookings (${refused.length} refused while down, then retried), ` +
        `${reads.length} reads; answering again ${recoveredInMs} ms after PostgreSQL was back`,
    );
    expect(recoveredInMs).toBeLessThan(10_000);
  });
});
