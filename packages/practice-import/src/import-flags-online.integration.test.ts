import { appointments } from '@vet/db/schema/appointments';
import { practiceEvents } from '@vet/db/schema/practice-events';
import { createAppointment } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { and, eq, inArray, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportDirectory } from './testing/export-directory.ts';
import { importDirectory, seedImportLookups } from './testing/run-test-import.ts';
import { at, testGroup } from './testing/test-group.ts';

/**
 * Decision 0067: the import's bookings come from the practice system and write no events of their own, but an
 * online appointment one of them overlaps is flagged, with an appointment.flagged event naming it.
 */
const database = useTestDatabase();
const { db, pool } = database;
beforeAll(() => seedImportLookups(database));

async function idOf(table: string, ref: string): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(`select id from ${table} where pms_ref = $1`, [ref]);
  return rows[0]!.id;
}

describe('an import over an online appointment', () => {
  it('flags it with one appointment.flagged event naming the booking, and writes none for its own', async () => {
    const group = testGroup();
    expect((await importDirectory(database.url, await exportDirectory(group.files))).exitCode).toBe(0);
    const online = await createAppointment(db, {
      practiceId: await idOf('practices', group.ref('PRAC', 1)),
      clinicianId: await idOf('clinicians', group.ref('CLIN', 1)),
      clientId: await idOf('clients', group.ref('CLI', 2)),
      petId: await idOf('pets', group.ref('PET', 3)),
      reasonId: await idOf('appointment_reasons', group.ref('REASON', 1)),
      startsAt: new Date(at(group.nextWeek, '14:00')),
      endsAt: new Date(at(group.nextWeek, '14:15')),
    });
    const desk = {
      ...group.files['appointments.csv'][2]!,
      appointment_ref: group.ref('APT', 5),
      starts_at: at(group.nextWeek, '14:00'),
      ends_at: at(group.nextWeek, '14:15'),
    };
    const files = { ...group.files, 'appointments.csv': [...group.files['appointments.csv'], desk] };
    const second = await importDirectory(database.url, await exportDirectory(files));
    expect(second.exitCode, second.output).toBe(0);

    const flagged = await db
      .select({ data: practiceEvents.data })
      .from(practiceEvents)
      .where(and(eq(practiceEvents.type, 'appointment.flagged'), eq(practiceEvents.recordId, online.id)));
    expect(flagged.map((event) => event.data)).toEqual([
      expect.objectContaining({
        appointment_id: online.id,
        client_ref: group.ref('CLI', 2),
        pet_ref: group.ref('PET', 3),
        overlapping_appointment_ref: group.ref('APT', 5),
      }),
    ]);
    const imported = await db
      .select({ id: appointments.id })
      .from(appointments)
      .where(like(appointments.pmsRef, `APT-${group.tag}-%`));
    const ownEvents = await db
      .select({ id: practiceEvents.id })
      .from(practiceEvents)
      .where(
        and(
          eq(practiceEvents.recordKind, 'appointment'),
          inArray(
            practiceEvents.recordId,
            imported.map((row) => row.id),
          ),
        ),
      );
    expect(ownEvents).toEqual([]);
  });
});
