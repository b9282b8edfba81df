import { RowCells, required } from './cells.ts';
import { columnsOf } from './columns.ts';
import type { RecordKind } from './kind.ts';

export const vaccinationReasons = {
  givenAfterToday: 'after today: a vaccination the practice records has been given',
} as const;

/** vaccinations.csv: given on a day up to today, due (if at all) on or after that day. */
export const vaccinations: RecordKind = {
  file: 'vaccinations.csv',
  columns: columnsOf({ vaccination_ref: true, pet_ref: true, vaccine: true, given_on: true, due_on: false }),
  refColumn: 'vaccination_ref',
  references: [{ column: 'pet_ref', file: 'pets.csv' }],
  staged: { vaccination_ref: 'text', pet_ref: 'text', vaccine: 'text', given_on: 'date', due_on: 'date' },
  parse(row, { today }) {
    const cells = new RowCells(row);
    const givenOn = cells.date('given_on', required);
    const record = {
      vaccination_ref: cells.text('vaccination_ref', required),
      pet_ref: cells.text('pet_ref', required),
      vaccine: cells.text('vaccine', required),
      given_on: cells.notAfter('given_on', givenOn, today, vaccinationReasons.givenAfterToday),
      due_on: cells.date('due_on'),
    };
    cells.ordered(['given_on', record.given_on], ['due_on', record.due_on], { strict: false });
    return cells.result(record);
  },
};
