import { estimateStatuses } from '@vet/contracts/bill-rules';
import { RowCells, required } from './cells.ts';
import {
  billHeaderCells,
  billHeaderStaged,
  billLineCells,
  billLineColumns,
  billLineStaged,
} from './bill-cells.ts';
import { columnsOf } from './columns.ts';
import type { RecordKind } from './kind.ts';

/**
 * estimates.csv (decision 0151): what the practice estimates a treatment will cost, its lines in
 * estimate_lines.csv. Only the practice system's columns: the owner's answer is the portal's.
 */
export const estimates: RecordKind = {
  file: 'estimates.csv',
  columns: columnsOf({
    estimate_ref: true,
    practice_ref: true,
    client_ref: true,
    clinician_ref: false,
    title: false,
    issued_on: true,
    expires_on: false,
    status: false,
    currency: false,
    total: true,
    vat: true,
    terms: false,
  }),
  refColumn: 'estimate_ref',
  references: [
    { column: 'practice_ref', file: 'practices.csv' },
    { column: 'client_ref', file: 'clients.csv' },
    { column: 'clinician_ref', file: 'clinicians.csv', optional: true },
  ],
  staged: {
    estimate_ref: 'text',
    ...billHeaderStaged,
    expires_on: 'date',
    status: 'text',
    terms: 'text',
  },
  parse(row, { today }) {
    const cells = new RowCells(row);
    const header = billHeaderCells(cells, today);
    const expiresOn = cells.date('expires_on');
    cells.ordered(['issued_on', header.issued_on], ['expires_on', expiresOn], { strict: false });
    return cells.result({
      estimate_ref: cells.text('estimate_ref', required),
      ...header,
      expires_on: expiresOn,
      status: cells.oneOf('status', estimateStatuses) ?? 'proposed',
      terms: cells.text('terms', { maxLength: 4000 }),
    });
  },
};

/** estimate_lines.csv: an estimate's lines, replaced whole with it (its child rows). */
export const estimateLines: RecordKind = {
  file: 'estimate_lines.csv',
  columns: columnsOf({ estimate_ref: true, ...billLineColumns }),
  refColumn: null,
  references: [
    { column: 'estimate_ref', file: 'estimates.csv', parent: true },
    { column: 'pet_ref', file: 'pets.csv', optional: true },
  ],
  staged: { estimate_ref: 'text', ...billLineStaged },
  parse(row) {
    const cells = new RowCells(row);
    return cells.result({ estimate_ref: cells.text('estimate_ref', required), ...billLineCells(cells) });
  },
};
