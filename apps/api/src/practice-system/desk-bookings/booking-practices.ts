import type { IntegrationErrorCode } from '@vet/contracts/integration-errors';
import type { Database } from '@vet/db/connection';
import { sql } from 'drizzle-orm';
import { forbidden, notFound, servesPractice, type MachineGrant } from '../../platform/index.ts';
import { practiceBookingMessages } from './practice-booking-service.ts';

/**
 * A desk booking of a practice the machine client is not granted (decision 0105): writing one answers
 * 403 practice_not_served, and a stored one of such a practice answers as missing (404), so a client
 * learns nothing of another practice's appointments.
 */

type Key = { ref: string } | { onlineId: number };

/** The practice (its reference, null when it has none) of the stored appointment; undefined: none stored. */
async function practiceOfAppointment(db: Database, key: Key): Promise<string | null | undefined> {
  const where = 'ref' in key ? sql`a.pms_ref = ${key.ref}` : sql`a.id = ${key.onlineId}`;
  const result = await db.execute<{ practice_ref: string | null }>(
    sql`select p.pms_ref as practice_ref from appointments a join practices p on p.id = a.practice_id where ${where}`,
  );
  const [row] = result.rows;
  return row === undefined ? undefined : row.practice_ref;
}

/** 404, word for word a missing appointment's, when the stored one is of a practice not granted. */
export async function requireBookingServed(db: Database, grant: MachineGrant, key: Key): Promise<void> {
  if (grant.practices === 'all') return;
  const practice = await practiceOfAppointment(db, key);
  if (practice !== undefined && !servesPractice(grant, practice))
    throw notFound(
      'ref' in key
        ? practiceBookingMessages.unknownAppointment
        : practiceBookingMessages.unknownOnlineAppointment,
    );
}

/** 403 practice_not_served when the booking names, or its stored appointment is of, a practice not granted. */
export async function requireBookingWritable(
  db: Database,
  grant: MachineGrant,
  ref: string,
  practiceRef: string,
): Promise<void> {
  if (grant.practices === 'all') return;
  const stored = await practiceOfAppointment(db, { ref });
  if (!servesPractice(grant, practiceRef) || (stored !== undefined && !servesPractice(grant, stored)))
    throw forbidden(
      'This practice system is not granted the practice of this appointment.',
      'practice_not_served' satisfies IntegrationErrorCode,
    );
}
