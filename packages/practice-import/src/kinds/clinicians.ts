import { clinicianTypes } from '@vet/contracts/lookups';
import { RowCells, required } from './cells.ts';
import { columnsOf } from './columns.ts';
import type { RecordKind } from './kind.ts';

/** Vet or Nurse: the portal's own 'Unknown' is for records it could not classify, not for an export. */
export const importedClinicianTypes = clinicianTypes.filter((type) => type !== 'Unknown');

export const clinicians: RecordKind = {
  file: 'clinicians.csv',
  columns: columnsOf({
    clinician_ref: true,
    practice_ref: true,
    first_name: true,
    last_name: true,
    clinician_type: true,
    active: false,
  }),
  refColumn: 'clinician_ref',
  references: [{ column: 'practice_ref', file: 'practices.csv' }],
  staged: {
    clinician_ref: 'text',
    practice_ref: 'text',
    first_name: 'text',
    last_name: 'text',
    clinician_type: 'text',
    active: 'boolean',
  },
  parse(row) {
    const cells = new RowCells(row);
    return cells.result({
      clinician_ref: cells.text('clinician_ref', required),
      practice_ref: cells.text('practice_ref', required),
      first_name: cells.text('first_name', required),
      last_name: cells.text('last_name', required),
      clinician_type: cells.oneOf('clinician_type', importedClinicianTypes, required),
      active: cells.boolean('active', true),
    });
  },
};
