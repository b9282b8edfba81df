import type { BillKind, BillPage } from '../bill-rows.ts';
import { emptyBillRows } from '../bill-rows.ts';
import { provetInvoiceRows, type ProvetInvoice, type ProvetInvoiceRow } from './provet-bills.ts';
import type { ProvetHttp } from './provet-http.ts';
import { filterTime, unexpected } from './provet-http.ts';
import type { ProvetPage } from './provet-shapes.ts';

interface Cursor {
  since: string | null;
  page: number;
  sweepStartedAt: number;
}
/** As the other kinds' sweeps (provet-read.ts): the next starts a margin before this one began. */
const sweepMarginMs = 5 * 60_000;

export interface ProvetBillOptions {
  departmentId: string;
  practiceRef: string;
  pageSize: number | undefined;
}

/**
 * One page of Provet Cloud's invoices of the department (decision 0155), swept as the other kinds are
 * (provet-read.ts): by `modified__gte`, the documented delta filter of invoice/ (howto_billing.html),
 * page by page through the connection's rate limits and its handling of 401, 429 and 5xx
 * (provet-http.ts). A page's rows are read with it (GUESS: `invoicerow/` filtered by `invoice__in`, the
 * filtering guide's `__in` on the row's invoice). Estimates: Provet documents none (provet-bills.ts): an
 * empty page, the integration API being their way in.
 */
export async function readProvetBills(
  http: ProvetHttp,
  options: ProvetBillOptions,
  kind: BillKind,
  cursorText: string | null,
  now: number,
  signal?: AbortSignal,
): Promise<BillPage> {
  const cursor: Cursor = cursorText
    ? (JSON.parse(cursorText) as Cursor)
    : { since: null, page: 1, sweepStartedAt: now };
  if (kind === 'estimates')
    return { rows: emptyBillRows(), deleted: [], refused: [], cursor: JSON.stringify(cursor), more: false };
  if (cursor.page === 1) cursor.sweepStartedAt = now;
  const query = {
    department__is: options.departmentId,
    ...(cursor.since ? { modified__gte: filterTime(Date.parse(cursor.since)) } : {}),
  };
  const invoices = await get<ProvetInvoice>(http, options, 'invoice', query, cursor.page, signal);
  const ids = invoices.results.map((invoice) => invoice.id);
  const rows: ProvetInvoiceRow[] = [];
  for (let page = 1; ids.length > 0; page += 1) {
    const answer = await get<ProvetInvoiceRow>(
      http,
      options,
      'invoicerow',
      { invoice__in: ids.join(',') },
      page,
      signal,
    );
    rows.push(...answer.results);
    if (answer.next === null) break;
  }
  const mapped = provetInvoiceRows(invoices.results, rows, options.practiceRef);
  const more = invoices.next !== null;
  const next: Cursor = more
    ? { ...cursor, page: cursor.page + 1 }
    : {
        since: new Date(cursor.sweepStartedAt - sweepMarginMs).toISOString(),
        page: 1,
        sweepStartedAt: cursor.sweepStartedAt,
      };
  return { ...mapped, cursor: JSON.stringify(next), more };
}

async function get<T>(
  http: ProvetHttp,
  options: ProvetBillOptions,
  collection: string,
  query: Record<string, string>,
  page: number,
  signal?: AbortSignal,
): Promise<ProvetPage<T>> {
  const { status, json } = await http.request({
    method: 'GET',
    collection,
    url: `${collection}/`,
    query: {
      ...query,
      page: String(page),
      ...(options.pageSize === undefined ? {} : { page_size: String(options.pageSize) }),
    },
    signal,
  });
  if (status === 404 && page > 1) return { count: 0, num_pages: 0, next: null, previous: null, results: [] };
  if (status !== 200) throw unexpected(status, `GET ${collection}/`);
  return json as ProvetPage<T>;
}
