import { sql } from 'drizzle-orm';
import { appointments } from '@vet/db/schema/appointments';

/**
 * An appointment's notes as its client may read them: practice systems write staff notes there, shown
 * only when marked for the client (`notes_for_client`; an online booking's notes are the client's own).
 * Every read the client sees selects this, never `appointments.notes` (security round three, finding 12).
 */
export const notesForClient = sql<
  string | null
>`case when ${appointments.notesForClient} then ${appointments.notes} end`.as('notes');
