import { practiceTimeZone } from '@vet/contracts/practice-clock';
import { literal, type CheckContext } from './cross-row-rules.ts';
import { refuseRows } from './refusals.ts';

/**
 * A practice's written prescription fee above the CMA's cap in force today (the UK's date) is refused by
 * line, naming the cap and the day it is in force from (decision 0142). The cap is the row of
 * written_prescription_caps of the latest effective_from on or before today: a cap from a later day lets
 * a higher fee in only from that day. The import and the integration API (and so the connectors, which
 * write through it) share this check; the database keeps no copy of the cap (a CHECK cannot be dated).
 */
export const prescriptionFeeWithinCap = ({ session }: CheckContext) =>
  refuseRows(
    session,
    'practices.csv',
    `with cap as (
       select first_pence, further_pence, effective_from from written_prescription_caps
        where effective_from <= (now() at time zone ${literal(practiceTimeZone)})::date
        order by effective_from desc limit 1)
     select s.ctid as tid, s.line, f.column_name,
            'above ' || ${pounds('f.cap')} || ', the cap on a written prescription''s fee in force from '
              || to_char(cap.effective_from, 'FMDD FMMonth YYYY')
              || ' (decision 0142): charge at most the cap' as reason
       from stage_practices s cross join cap
      cross join lateral (values
        ('written_prescription_fee', s.written_prescription_fee_pence, cap.first_pence),
        ('written_prescription_further_fee', s.written_prescription_further_fee_pence, cap.further_pence))
        as f(column_name, pence, cap)
      where not s.refused and f.pence > f.cap`,
  );

/** Pence as the import's reasons write pounds: £21.00. */
const pounds = (pence: string) => `'£' || to_char(${pence} / 100.0, 'FM999990.00')`;
