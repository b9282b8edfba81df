import type { Database } from '@vet/db/connection';
import { appointments } from '@vet/db/schema/appointments';
import { practiceEvents } from '@vet/db/schema/practice-events';
import { emailOutbox } from '@vet/db/schema/system';
import { createPet } from '@vet/db/testing/factories';
import { asc, eq, sql } from 'drizzle-orm';
import type { useSignedInTestApp } from '../../../testing/signed-in-app.ts';
import { bookingScene, type BookingScene } from './booking-fixtures.ts';

type App = ReturnType<typeof useSignedInTestApp>;

/** Decision 0117's tests: a booking scene with a second dog, and the visit's calls and reads. */
export function visitHelpers(context: App['context'], signedInClient: App['signedInClient'], db: Database) {
  async function twoPetScene(options: { vets?: number } = {}) {
    const scene = await bookingScene(db, signedInClient, options);
    const second = await createPet(db, { clientId: scene.client.id, speciesId: scene.dog.id, name: 'Mango' });
    return { ...scene, second };
  }

  const bookVisit = (
    scene: BookingScene,
    petIds: number[],
    startsAt: Date,
    extra: { key?: string; reasonId?: number } = {},
  ) =>
    context.app.inject({
      method: 'POST',
      url: '/appointments/visits',
      headers: { authorization: scene.authorization, ...(extra.key ? { 'idempotency-key': extra.key } : {}) },
      payload: {
        practiceId: scene.practice.id,
        petIds,
        appointmentReasonId: extra.reasonId ?? scene.reason.id,
        startsAt: startsAt.toISOString(),
      },
    });

  const rowsOf = (clientId: number) =>
    db
      .select({
        id: appointments.id,
        petId: appointments.petId,
        clinicianId: appointments.clinicianId,
        startsAt: appointments.startsAt,
        endsAt: appointments.endsAt,
        status: appointments.status,
        visitId: appointments.visitId,
      })
      .from(appointments)
      .where(eq(appointments.clientId, clientId))
      .orderBy(asc(appointments.startsAt));

  const eventsOf = (clientId: number) =>
    db
      .select({ type: practiceEvents.type, data: practiceEvents.data })
      .from(practiceEvents)
      .where(sql`(${practiceEvents.data}->>'client_id')::int = ${clientId}`)
      .orderBy(asc(practiceEvents.id));

  const emailsTo = (to: string) =>
    db
      .select({ subject: emailOutbox.subject, attachments: emailOutbox.attachments })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, to))
      .orderBy(asc(emailOutbox.id));

  const visitCall = (
    scene: BookingScene,
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    payload?: Record<string, unknown>,
  ) =>
    context.app.inject({
      method,
      url: `/appointments/visits/${path}`,
      headers: { authorization: scene.authorization },
      ...(payload ? { payload } : {}),
    });

  return { twoPetScene, bookVisit, rowsOf, eventsOf, emailsTo, visitCall };
}
