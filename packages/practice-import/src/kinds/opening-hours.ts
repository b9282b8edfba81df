import { RowCells, required } from './cells.ts';
import { columnsOf } from './columns.ts';
import type { RecordKind } from './kind.ts';

/** ISO days of the week: 1 = Monday … 7 = Sunday. */
export const dayOfWeekRange = { min: 1, max: 7 } as const;

/** opening_hours.csv: one row per practice and day, keyed by both (no reference of its own). */
export const openingHours: RecordKind = {
  file: 'opening_hours.csv',
  columns: columnsOf({ practice_ref: true, day_of_week: true, opens: true, closes: true }),
  refColumn: null,
  references: [{ column: 'practice_ref', file: 'practices.csv', parent: true }],
  staged: { practice_ref: 'text', day_of_week: 'integer', opens: 'time', closes: 'time' },
  parse(row) {
    const cells = new RowCells(row);
    const record = {
      practice_ref: cells.text('practice_ref', required),
      day_of_week: cells.integer('day_of_week', dayOfWeekRange, required),
      opens: cells.time('opens', required),
      closes: cells.time('closes', required),
    };
    cells.ordered(['opens', record.opens], ['closes', record.closes], { strict: true });
    return cells.result(record);
  },
};
