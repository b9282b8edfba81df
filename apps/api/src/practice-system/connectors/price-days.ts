import type { Database } from '@vet/db/connection';
import { amountInPence } from '@vet/practice-import/kinds/prices';
import { sql } from 'drizzle-orm';
import type { ReadRecord } from './vendor-port.ts';

type Body = Readonly<Record<string, unknown>>;

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * A price read again unchanged keeps the day it took effect (decision 0147). A connector dates a price the
 * vendor gives no date for the day it reads it, and a re-sync reads every mapped product again: without
 * this, each would take effect afresh and the list's "Prices last updated" move with nothing changed.
 * Unchanged: the same amount, band, inclusions and reason or service as the price stored by its reference.
 */
export async function keepUnchangedPriceDays<R extends ReadRecord>(
  db: Database,
  records: readonly R[],
): Promise<R[]> {
  if (records.length === 0) return [];
  const refs = records.map((record) => record.ref);
  const stored = await db.execute<{
    ref: string;
    amount_pence: number;
    includes: string | null;
    band: string | null;
    reason_ref: string | null;
    service: string | null;
    day: string;
  }>(sql`
    select p.pms_ref as ref, p.amount_pence, p.includes, p.band, r.pms_ref as reason_ref,
           p.service_name as service, to_char(p.effective_from, 'YYYY-MM-DD') as day
      from practice_prices p left join appointment_reasons r on r.id = p.reason_id
     where p.pms_ref in ${refs}`);
  const byRef = new Map(stored.rows.map((row) => [row.ref, row]));
  return records.map((record) => {
    const row = byRef.get(record.ref);
    const body = record.body as Body;
    const day = text(body.effective_from);
    const unchanged =
      row !== undefined &&
      amountInPence(String(body.amount)) === row.amount_pence &&
      text(body.includes) === row.includes &&
      text(body.band) === row.band &&
      text(body.reason_ref) === row.reason_ref &&
      text(body.service) === row.service;
    return unchanged && day !== null && day > row.day
      ? { ...record, body: { ...body, effective_from: row.day } }
      : record;
  });
}
