import { invoiceStatuses } from '@vet/contracts/bill-rules';
import { RowCells, required } from './cells.ts';
import {
  amountCell,
  billHeaderCells,
  billHeaderStaged,
  billLineCells,
  billLineColumns,
  billLineStaged,
  billReasons,
} from './bill-cells.ts';
import { columnsOf } from './columns.ts';
import type { RecordKind } from './kind.ts';

/**
 * invoices.csv (decision 0151): what a visit cost, its lines in invoice_lines.csv; estimate_ref links
 * the estimate it settles, amount_paid what the practice system says is paid so far (empty: 0).
 */
export const invoices: RecordKind = {
  file: 'invoices.csv',
  columns: columnsOf({
    invoice_ref: true,
    practice_ref: true,
    client_ref: true,
    clinician_ref: false,
    estimate_ref: false,
    title: false,
    issued_on: true,
    due_on: false,
    status: false,
    currency: false,
    total: true,
    vat: true,
    amount_paid: false,
  }),
  refColumn: 'invoice_ref',
  references: [
    { column: 'practice_ref', file: 'practices.csv' },
    { column: 'client_ref', file: 'clients.csv' },
    { column: 'clinician_ref', file: 'clinicians.csv', optional: true },
    { column: 'estimate_ref', file: 'estimates.csv', optional: true },
  ],
  staged: {
    invoice_ref: 'text',
    ...billHeaderStaged,
    estimate_ref: 'text',
    due_on: 'date',
    status: 'text',
    paid_pence: 'integer',
  },
  parse(row, { today }) {
    const cells = new RowCells(row);
    const header = billHeaderCells(cells, today);
    const dueOn = cells.date('due_on');
    cells.ordered(['issued_on', header.issued_on], ['due_on', dueOn], { strict: false });
    const paid = amountCell(cells, 'amount_paid', { isRequired: false }) ?? 0;
    if (header.total_pence !== null && paid > header.total_pence)
      cells.refuse('amount_paid', billReasons.paidAboveTotal);
    return cells.result({
      invoice_ref: cells.text('invoice_ref', required),
      ...header,
      estimate_ref: cells.text('estimate_ref'),
      due_on: dueOn,
      status: cells.oneOf('status', invoiceStatuses) ?? 'issued',
      paid_pence: paid,
    });
  },
};

/** invoice_lines.csv: an invoice's lines, replaced whole with it (its child rows). */
export const invoiceLines: RecordKind = {
  file: 'invoice_lines.csv',
  columns: columnsOf({ invoice_ref: true, ...billLineColumns }),
  refColumn: null,
  references: [
    { column: 'invoice_ref', file: 'invoices.csv', parent: true },
    { column: 'pet_ref', file: 'pets.csv', optional: true },
  ],
  staged: { invoice_ref: 'text', ...billLineStaged },
  parse(row) {
    const cells = new RowCells(row);
    return cells.result({ invoice_ref: cells.text('invoice_ref', required), ...billLineCells(cells) });
  },
};
