import type { BillKind, BillPage } from '../bill-rows.ts';
import { readAll } from './ezyvet-catalog.ts';
import type { EzyvetHttp } from './ezyvet-http.ts';
import {
  estimateSchema,
  ezyvetEstimateRows,
  ezyvetInvoiceRows,
  invoiceLineSchema,
  invoiceSchema,
} from './ezyvet-bills.ts';
import { readCursor, windowCursorSchema, windowPage, windowStart } from './ezyvet-window.ts';

/**
 * One page of ezyVet's estimates or invoices, read as every other kind is (ezyvet-window.ts): by
 * `modified_at` windows and ids, through the connection's rate limits and its handling of 401, 429 and
 * 5xx (ezyvet-http.ts). An invoice's lines are read with it, for the page's invoices at once
 * (`invoice_id` in the ids, one more request a page). GUESS: a line's change stamps its invoice too (its
 * total moves); a line changed alone would wait for its invoice's next change or a re-sync. Inactive
 * records are ezyVet's deletions, as for every kind.
 */
export async function readEzyvetBills(
  http: EzyvetHttp,
  kind: BillKind,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<BillPage> {
  const at = readCursor(windowCursorSchema, cursor, windowStart);
  const { practiceRef } = http.options;
  if (kind === 'estimates') {
    const page = await windowPage(http, '/v1/estimate', 'estimate', estimateSchema, at, signal);
    const { rows, refused } = ezyvetEstimateRows(page.rows, practiceRef);
    return { rows, refused, ...rest(page) };
  }
  const page = await windowPage(http, '/v1/invoice', 'invoice', invoiceSchema, at, signal);
  const ids = page.rows.map((invoice) => invoice.id);
  const lines =
    ids.length === 0
      ? []
      : await readAll(
          http,
          '/v1/invoiceline',
          'invoiceline',
          invoiceLineSchema,
          { invoice_id: { in: ids } },
          signal,
        );
  const { rows, refused } = ezyvetInvoiceRows(page.rows, lines, practiceRef);
  return { rows, refused, ...rest(page) };
}

const rest = (page: { gone: { id: number }[]; next: unknown; more: boolean }) => ({
  deleted: page.gone.map((row) => String(row.id)),
  cursor: JSON.stringify(page.next),
  more: page.more,
});
