/**
 * The appointment-reads module: how a client's appointments are read wherever they are shown: the pet,
 * practice and reason joined to each, the notes a client may see and the clinician's name when the client
 * named them. Booking, the data export and the practice system's desk bookings share them. Other modules
 * import only this file (decision 0054).
 */
export { withPetPracticeAndReason } from './appointment-joins.ts';
export { clinicianNameForClient } from './client-clinician.ts';
export { notesForClient } from './client-notes.ts';
