import { practiceTimeZone } from '@vet/contracts/practice-clock';
import { literal, type CheckContext } from './cross-row-rules.ts';
import { refuseRows } from './refusals.ts';

const zone = literal(practiceTimeZone);

export const backdatedPriceReason =
  'before today, and a booking from that day on was quoted this reason’s price: a price change cannot ' +
  'rewrite a price already quoted, so date it today or later';

/**
 * A price dated before today (UK) that is new or changes a stored one (amount, band, includes, date,
 * reason or practice) would change the price in force on days already quoted: refused by line, naming
 * effective_from, when a Booked appointment of that practice and reason on or after that day carries a
 * quote (issue 62, decision 0146). A row that changes nothing passes, and a quote is never rewritten
 * (appointments.quoted_price_pence is written only by booking). The import and the integration API
 * (and so the connectors, which write through it) share this check.
 */
export const quotedPricesStay = ({ session }: CheckContext) =>
  refuseRows(
    session,
    'prices.csv',
    // Booked appointments are read once, from the earliest such row's day (appointments_booked_starts_idx),
    // not once a row: a first price list may date hundreds of rows in the past.
    `with changed as materialized (
       select s.ctid as tid, s.line, p.id as practice_id, r.id as reason_id,
              s.effective_from::timestamp at time zone ${zone} as starts
         from stage_prices s
         join practices p on p.pms_ref = s.practice_ref
         join appointment_reasons r on r.pms_ref = s.reason_ref
        where not s.refused and s.effective_from < (now() at time zone ${zone})::date
          and not exists (
                select 1 from practice_prices o
                 where o.pms_ref = s.price_ref and o.practice_id = p.id and o.reason_id = r.id
                   and o.amount_pence = s.amount_pence and o.band is not distinct from s.band
                   and o.includes is not distinct from s.includes and o.effective_from = s.effective_from)),
     quoted as materialized (
       select a.practice_id, a.reason_id, max(a.starts_at) as last_starts
         from appointments a
        where a.status = 'Booked' and a.quoted_price_pence is not null
          and a.starts_at >= (select min(starts) from changed)
        group by 1, 2)
     select c.tid, c.line, 'effective_from' as column_name, ${literal(backdatedPriceReason)} as reason
       from changed c join quoted q on q.practice_id = c.practice_id and q.reason_id = c.reason_id
      where q.last_starts >= c.starts`,
  );
