/**
 * The appointment-reads module: how a client's appointments are read wherever they are shown: the pet,
 * practice and reason joined to each, and the notes a client may see. Booking, the data export and the
 * practice system's desk bookings share them. Other modules import only this file (decision 0054).
 */
export { withPetPracticeAndReason } from './appointment-joins.ts';
export { notesForClient } from './client-notes.ts';
