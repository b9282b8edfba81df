import { appointmentStatuses } from '@vet/contracts/appointments';
import { RowCells, compareInstants, required } from './cells.ts';
import { columnsOf } from './columns.ts';
import type { RecordKind } from './kind.ts';

/**
 * appointments.csv: the practice's bookings (catch-up of what the desk booked, with outcomes). Whether
 * the pet is the client's, the clinician the practice's, and the times free are checks across records:
 * the engine's and the database's.
 */
export const appointments: RecordKind = {
  file: 'appointments.csv',
  columns: columnsOf({
    appointment_ref: true,
    practice_ref: true,
    clinician_ref: true,
    client_ref: true,
    pet_ref: true,
    reason_ref: true,
    starts_at: true,
    ends_at: true,
    status: true,
    notes: false,
    notes_for_client: false,
  }),
  refColumn: 'appointment_ref',
  references: [
    { column: 'practice_ref', file: 'practices.csv' },
    { column: 'clinician_ref', file: 'clinicians.csv' },
    { column: 'client_ref', file: 'clients.csv' },
    { column: 'pet_ref', file: 'pets.csv' },
    { column: 'reason_ref', file: 'appointment_reasons.csv' },
  ],
  staged: {
    appointment_ref: 'text',
    practice_ref: 'text',
    clinician_ref: 'text',
    client_ref: 'text',
    pet_ref: 'text',
    reason_ref: 'text',
    starts_at: 'timestamptz',
    ends_at: 'timestamptz',
    status: 'text',
    notes: 'text',
    notes_for_client: 'boolean',
  },
  parse(row) {
    const cells = new RowCells(row);
    const record = {
      appointment_ref: cells.text('appointment_ref', required),
      practice_ref: cells.text('practice_ref', required),
      clinician_ref: cells.text('clinician_ref', required),
      client_ref: cells.text('client_ref', required),
      pet_ref: cells.text('pet_ref', required),
      reason_ref: cells.text('reason_ref', required),
      starts_at: cells.instant('starts_at', required),
      ends_at: cells.instant('ends_at', required),
      status: cells.oneOf('status', appointmentStatuses, required),
      notes: cells.text('notes'),
      // Staff notes unless the practice system marks them for the client (security round three, finding 12).
      notes_for_client: cells.boolean('notes_for_client', false),
    };
    cells.ordered(['starts_at', record.starts_at], ['ends_at', record.ends_at], {
      strict: true,
      compare: compareInstants,
    });
    return cells.result(record);
  },
};
