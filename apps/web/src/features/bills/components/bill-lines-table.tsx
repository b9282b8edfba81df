import type { BillLine } from '@vet/contracts/bills';
import { formatPounds } from '@vet/contracts/money';
import { quantityText, vatRateText } from '@/features/bills/bill-text';
import styles from './bill-lines-table.module.css';

export interface BillTotal {
  label: string;
  pence: number;
  /** The sum the owner looks for: bold. */
  strong?: boolean;
}

const columns = ['Description', 'Pet', 'Quantity', 'Unit price (ex VAT)', 'VAT rate', 'Line total'] as const;

/**
 * An estimate's or a bill's lines and totals, itemised as the CMA asks: a table with its caption and
 * column headers (scope col), each line's description its row's header. Below 600 px each line stacks
 * its cells, each labelled (the column's name beside it), so nothing scrolls sideways on a phone; printed,
 * it stays a compact table. The table roles are spelt out: a browser may drop the native ones once the
 * phone's stylesheet changes the elements' display. No hooks: the bill's page draws it on the server.
 */
export function BillLinesTable({
  caption,
  lines,
  totals,
}: {
  caption: string;
  lines: readonly BillLine[];
  totals: readonly BillTotal[];
}) {
  return (
    <table role="table" className={styles.table}>
      <caption className={styles.caption}>{caption}</caption>
      <thead role="rowgroup">
        <tr role="row">
          {columns.map((column) => (
            <th
              key={column}
              scope="col"
              role="columnheader"
              className={column === 'Description' || column === 'Pet' ? undefined : styles.number}
            >
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup">
        {lines.map((line) => (
          <tr key={line.lineNo} role="row">
            <th scope="row" role="rowheader" className={styles.description}>
              {line.description}
            </th>
            <td role="cell" data-label="Pet">
              {line.petName ?? '—'}
            </td>
            <td role="cell" data-label="Quantity" className={styles.number}>
              {quantityText(line.quantity)}
            </td>
            <td role="cell" data-label="Unit price (ex VAT)" className={styles.number}>
              {formatPounds(line.unitPricePence)}
            </td>
            <td role="cell" data-label="VAT rate" className={styles.number}>
              {vatRateText(line.vatRate, line.vatPercent)}
            </td>
            <td role="cell" data-label="Line total" className={styles.number}>
              {formatPounds(line.totalPence)}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot role="rowgroup">
        {totals.map((total) => (
          <tr key={total.label} role="row" className={total.strong ? styles.strong : undefined}>
            <th scope="row" role="rowheader" colSpan={columns.length - 1}>
              {total.label}
            </th>
            <td role="cell" className={styles.number}>
              {formatPounds(total.pence)}
            </td>
          </tr>
        ))}
      </tfoot>
    </table>
  );
}

/** Subtotal (ex VAT), VAT and the total of an estimate or a bill. */
export const billTotals = (totalPence: number, vatPence: number): BillTotal[] => [
  { label: 'Subtotal (excluding VAT)', pence: totalPence - vatPence },
  { label: 'VAT', pence: vatPence },
  { label: 'Total (including VAT)', pence: totalPence, strong: true },
];
