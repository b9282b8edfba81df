import { RowCells, compareInstants, required } from './cells.ts';
import { columnsOf } from './columns.ts';
import type { RecordKind } from './kind.ts';

/** closures.csv: a whole practice closed (clinician_ref empty) or one clinician away, between two instants. */
export const closures: RecordKind = {
  file: 'closures.csv',
  columns: columnsOf({
    closure_ref: true,
    practice_ref: true,
    clinician_ref: false,
    starts_at: true,
    ends_at: true,
    reason: false,
  }),
  refColumn: 'closure_ref',
  references: [
    { column: 'practice_ref', file: 'practices.csv' },
    { column: 'clinician_ref', file: 'clinicians.csv', optional: true },
  ],
  staged: {
    closure_ref: 'text',
    practice_ref: 'text',
    clinician_ref: 'text',
    starts_at: 'timestamptz',
    ends_at: 'timestamptz',
    reason: 'text',
  },
  parse(row) {
    const cells = new RowCells(row);
    const record = {
      closure_ref: cells.text('closure_ref', required),
      practice_ref: cells.text('practice_ref', required),
      clinician_ref: cells.text('clinician_ref'),
      starts_at: cells.instant('starts_at', required),
      ends_at: cells.instant('ends_at', required),
      reason: cells.text('reason'),
    };
    cells.ordered(['starts_at', record.starts_at], ['ends_at', record.ends_at], {
      strict: true,
      compare: compareInstants,
    });
    return cells.result(record);
  },
};
