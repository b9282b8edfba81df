import type { IntegrationErrorCode } from '@vet/contracts/integration-errors';
import type { Database } from '@vet/db/connection';
import { sql } from 'drizzle-orm';
import { forbidden, notFound, servesPractice, type MachineGrant } from '../../platform/index.ts';

export const bookingPaymentRefusals = {
  notServed: 'This practice system is not granted this practice.',
  unknownPractice: 'No practice has that practice_ref.',
  unknownReason: 'No appointment reason has that reason_ref.',
} as const;

/**
 * The practice named by reference as the portal's id: 403 practice_not_served for a practice the grant
 * lacks (decision 0105), judged before it is looked up, so whether another's practice exists never shows;
 * then 404 for one nobody has.
 */
export async function servedPracticeId(db: Database, grant: MachineGrant, practiceRef: string) {
  if (!servesPractice(grant, practiceRef))
    throw forbidden(bookingPaymentRefusals.notServed, 'practice_not_served' satisfies IntegrationErrorCode);
  const { rows } = await db.execute<{ id: number }>(
    sql`select id from practices where pms_ref = ${practiceRef}`,
  );
  const [practice] = rows;
  if (!practice) throw notFound(bookingPaymentRefusals.unknownPractice);
  return practice.id;
}

/** The appointment reason named by reference (reasons are the group's), as the portal's id; else 404. */
export async function reasonIdOf(db: Database, reasonRef: string) {
  const { rows } = await db.execute<{ id: number }>(
    sql`select id from appointment_reasons where pms_ref = ${reasonRef}`,
  );
  const [reason] = rows;
  if (!reason) throw notFound(bookingPaymentRefusals.unknownReason);
  return reason.id;
}
