import { describe, expect, it } from 'vitest';
import { appointments } from './schema/appointments.ts';
import {
  createClient,
  createClinician,
  createPet,
  createPractice,
  createReason,
} from './testing/factories.ts';
import { useTestDatabase } from './testing/test-database.ts';

/**
 * Security review (docs/security/hardening.md, finding 5): an appointment's pet must be its client's. The
 * database enforces it with a composite foreign key (migration 0007), not only the booking code.
 */
const FOREIGN_KEY_VIOLATION = '23503';

const { db } = useTestDatabase();

function pgError(error: unknown): { code?: string; constraint?: string } {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ('code' in e && typeof e.code === 'string') return e as { code?: string; constraint?: string };
  }
  return {};
}

async function scene() {
  const practice = await createPractice(db);
  const clinician = await createClinician(db, { practiceId: practice.id });
  const owner = await createClient(db, { homePracticeId: practice.id });
  const otherClient = await createClient(db, { homePracticeId: practice.id });
  const pet = await createPet(db, { clientId: owner.id });
  const reason = await createReason(db);
  const row = (clientId: number) => ({
    practiceId: practice.id,
    clinicianId: clinician.id,
    clientId,
    petId: pet.id,
    reasonId: reason.id,
    startsAt: new Date('2031-03-03T09:00:00Z'),
    endsAt: new Date('2031-03-03T09:15:00Z'),
  });
  return { owner, otherClient, row };
}

describe("an appointment's pet belongs to its client", () => {
  it("refuses an appointment for another client's pet with a foreign-key violation", async () => {
    const { otherClient, row } = await scene();
    const error = await db
      .insert(appointments)
      .values(row(otherClient.id))
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(pgError(error)).toMatchObject({
      code: FOREIGN_KEY_VIOLATION,
      constraint: 'appointments_pet_client_fk',
    });
  });

  it("accepts an appointment for the client's own pet", async () => {
    const { owner, row } = await scene();
    const [inserted] = await db.insert(appointments).values(row(owner.id)).returning({ id: appointments.id });
    expect(inserted?.id).toBeGreaterThan(0);
  });
});
