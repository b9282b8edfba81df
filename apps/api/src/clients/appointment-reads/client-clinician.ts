import { sql } from 'drizzle-orm';
import { appointments } from '@vet/db/schema/appointments';
import { clinicians } from '@vet/db/schema/clinicians';

/**
 * The clinician's name as the client may read it (decision 0141): only while the appointment is with the
 * clinician the client named online (`chosen_clinician_id`), as the practice's system writes the name
 * (the choice's list says it so, decision 0101); null otherwise, and the client reads the clinician's
 * type ("a vet"). A practice's booking, or one moved to another clinician, names nobody (R3.11). Every read
 * the client sees selects this, never the clinician's row. The subquery runs for named appointments only.
 */
export const clinicianNameForClient = sql<string | null>`case
  when ${appointments.chosenClinicianId} = ${appointments.clinicianId}
  then (select trim(chosen.first_name || ' ' || chosen.last_name) from ${clinicians} chosen
         where chosen.id = ${appointments.chosenClinicianId})
  end`;
