import { featureKeys } from '@vet/contracts/practice-rules';
import { practices } from '@vet/db/schema/practices';
import { literal } from '../cross-row-rules.ts';
import type { Session } from '../session.ts';
import { upsertSql } from './upsert.ts';

/** An empty number cell takes the column's default, read from the schema (no second copy of it). */
const orDefault = (staged: string, column: { default: unknown }) =>
  `coalesce(s.${staged}, ${Number(column.default)})`;

const practiceColumns = [
  { name: 'name', value: 's.name' },
  { name: 'address_line1', value: 's.address_line1' },
  { name: 'address_line2', value: 's.address_line2' },
  { name: 'town', value: 's.town' },
  { name: 'county', value: 's.county' },
  { name: 'postcode', value: 's.postcode' },
  { name: 'phone', value: 's.phone' },
  { name: 'email', value: 's.email' },
  { name: 'owner_name', value: 's.owner_name' },
  { name: 'vat_number', value: 's.vat_number' },
  { name: 'is_online', value: 's.listed_online' },
  { name: 'slot_grid_minutes', value: orDefault('slot_grid_minutes', practices.slotGridMinutes) },
  { name: 'min_notice_minutes', value: orDefault('min_notice_minutes', practices.minNoticeMinutes) },
  { name: 'horizon_days', value: orDefault('horizon_days', practices.horizonDays) },
  {
    name: 'cancellation_cutoff_minutes',
    value: orDefault('cancellation_cutoff_minutes', practices.cancellationCutoffMinutes),
  },
  {
    name: 'prescription_review_months',
    value: orDefault('prescription_review_months', practices.prescriptionReviewMonths),
  },
  // Empty: the practice sets no fee, and charges the cap in force on the day (decision 0148).
  { name: 'written_prescription_fee_pence', value: 's.written_prescription_fee_pence' },
  { name: 'written_prescription_further_fee_pence', value: 's.written_prescription_further_fee_pence' },
  // Empty: the practice takes no messages online (issue 66).
  { name: 'message_answer_hours', value: 's.message_answer_hours' },
];

/** The two switches of the file are the portal's feature settings (R3.10), written as 'True' or 'False'. */
const switchValue = (staged: string) => `case when s.${staged} then 'True' else 'False' end`;

/** Practices and their feature settings; a practice counts as applied when either changed. */
export async function applyPractices(session: Session): Promise<number> {
  const written = await session.query<{ ref: string }>(
    upsertSql({
      table: 'practices',
      from: 'stage_practices s',
      ref: 'practice_ref',
      columns: practiceColumns,
      returning: 'pms_ref as ref',
    }),
  );
  const switched = await session.query<{ ref: string }>(
    `with wanted as (
       select p.id, f.key, f.value
         from stage_practices s join practices p on p.pms_ref = s.practice_ref
        cross join lateral (values (${literal(featureKeys.onlineBooking)}, ${switchValue('online_booking')}),
                                   (${literal(featureKeys.onlinePetRegistration)}, ${switchValue('online_pet_registration')}))
              as f(key, value)
        where not s.refused),
     written as (
       insert into practice_feature_settings as t (practice_id, feature_key, value)
       select id, key, value from wanted
       on conflict (practice_id, feature_key) do update set value = excluded.value
       where t.value is distinct from excluded.value
       returning practice_id)
     select distinct p.pms_ref as ref from written w join practices p on p.id = w.practice_id`,
  );
  return new Set([...written, ...switched].map((r) => r.ref)).size;
}

/**
 * A practice's opening hours in the file replace its stored ones (a day the file leaves out is closed);
 * a practice whose hours are the same is left alone and its rows count unchanged.
 */
export async function applyOpeningHours(session: Session): Promise<number> {
  const day = (weekday: string, opens: string, closes: string) =>
    `concat_ws('|', ${weekday}, to_char(${opens}::time, 'HH24:MI'), to_char(${closes}::time, 'HH24:MI'))`;
  await session.query(`create temporary table changed_opening_hours on commit drop as
    with staged as (
      select p.id as practice_id, string_agg(${day('s.day_of_week', 's.opens', 's.closes')}, ';' order by s.day_of_week) as days
        from stage_opening_hours s join practices p on p.pms_ref = s.practice_ref
       where not s.refused group by p.id),
    stored as (
      select h.practice_id, string_agg(${day('h.day_of_week', 'h.opens_at', 'h.closes_at')}, ';' order by h.day_of_week) as days
        from practice_opening_hours h where h.practice_id in (select practice_id from staged) group by 1)
    select staged.practice_id from staged left join stored using (practice_id)
     where stored.days is distinct from staged.days`);
  await session.query(`delete from practice_opening_hours
    where practice_id in (select practice_id from changed_opening_hours)`);
  const [row] = await session.query<{ n: number }>(`with written as (
      insert into practice_opening_hours (practice_id, day_of_week, opens_at, closes_at)
      select p.id, s.day_of_week, s.opens::time, s.closes::time
        from stage_opening_hours s join practices p on p.pms_ref = s.practice_ref
        join changed_opening_hours c on c.practice_id = p.id
       where not s.refused
      returning 1)
    select count(*)::int as n from written`);
  return row?.n ?? 0;
}
