import { bookingMessages, type ChoosableClinician } from '@vet/contracts/appointment-booking';
import { featureKeys, isNamedClinicianBookingOn } from '@vet/contracts/practices';
import type { Database } from '@vet/db/connection';
import { clinicians } from '@vet/db/schema/clinicians';
import { practiceFeatureSettings } from '@vet/db/schema/practices';
import { asc, sql } from 'drizzle-orm';
import { badRequest, forbidden } from '../../platform/index.ts';
import { activeOfType, type ClinicianType } from './busy-time.ts';

/** The practice's naming setting (null: none set, so naming is on: decision 0101). */
const namingValueOf = (practiceId: number) =>
  sql<string | null>`(select ${practiceFeatureSettings.value} from ${practiceFeatureSettings}
    where ${practiceFeatureSettings.practiceId} = ${practiceId}
      and ${practiceFeatureSettings.featureKey} = ${featureKeys.namedClinicianBooking})`;

/**
 * Decision 0101: a client's choice of clinician, read and checked only when a client names one, so a
 * search or booking for any clinician keeps its three statements.
 */
export function createClinicianChoice(db: Database) {
  return {
    /** The practice's clinicians of a type a client may choose, by name; none when naming is off. */
    async listChoosable(practiceId: number, type: ClinicianType): Promise<ChoosableClinician[]> {
      const rows = await db
        .select({
          clinicianId: clinicians.id,
          firstName: clinicians.firstName,
          lastName: clinicians.lastName,
          namingValue: namingValueOf(practiceId),
        })
        .from(clinicians)
        .where(activeOfType(practiceId, type))
        .orderBy(asc(clinicians.lastName), asc(clinicians.firstName), asc(clinicians.id));
      if (!isNamedClinicianBookingOn(rows[0]?.namingValue)) return [];
      // The names as the practice's system sends them (practice-import-format.md, clinicians.csv).
      return rows.map((row) => ({
        clinicianId: row.clinicianId,
        name: `${row.firstName} ${row.lastName}`.trim(),
      }));
    },

    /**
     * Refuses a chosen clinician the client may not book: naming switched off (403), or not an active
     * clinician of the practice of the reason's type (400, "choose another vet"). Another practice's
     * clinician answers like a missing one. Answers the name, as the list gives it: the booking's answer
     * and confirmation say it (decision 0141).
     */
    async assertChoosable(practiceId: number, type: ClinicianType, clinicianId: number): Promise<string> {
      const [row] = await db
        .select({
          namingValue: namingValueOf(practiceId),
          name: sql<string | null>`(select trim(${clinicians.firstName} || ' ' || ${clinicians.lastName})
            from ${clinicians} where ${clinicians.id} = ${clinicianId} and ${activeOfType(practiceId, type)})`,
        })
        .from(sql`(select 1) as one`);
      if (!isNamedClinicianBookingOn(row?.namingValue)) throw forbidden(bookingMessages.namingOff);
      if (row?.name === null || row?.name === undefined) {
        throw badRequest(bookingMessages.clinicianUnavailable, [
          { path: 'clinicianId', message: bookingMessages.clinicianUnavailable },
        ]);
      }
      return row.name;
    },
  };
}

export type ClinicianChoice = ReturnType<typeof createClinicianChoice>;
