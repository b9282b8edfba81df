import type { Session } from '../session.ts';
import { upsertCount } from './upsert.ts';

export const applyClinicians = (session: Session) =>
  upsertCount(session, {
    table: 'clinicians',
    from: 'stage_clinicians s join practices p on p.pms_ref = s.practice_ref',
    ref: 'clinician_ref',
    columns: [
      { name: 'practice_id', value: 'p.id' },
      { name: 'first_name', value: 's.first_name' },
      { name: 'last_name', value: 's.last_name' },
      { name: 'type', value: 's.clinician_type::clinician_type' },
      { name: 'active', value: 's.active' },
    ],
  });

export const applyClosures = (session: Session) =>
  upsertCount(session, {
    table: 'closures',
    from: `stage_closures s join practices p on p.pms_ref = s.practice_ref
           left join clinicians c on c.pms_ref = s.clinician_ref`,
    ref: 'closure_ref',
    columns: [
      { name: 'practice_id', value: 'p.id' },
      { name: 'clinician_id', value: 'c.id' },
      { name: 'starts_at', value: 's.starts_at' },
      { name: 'ends_at', value: 's.ends_at' },
      { name: 'reason', value: 's.reason' },
    ],
  });

/** A shift in one canonical text (times as HH:MM, breaks in order): equal rotas have equal texts. */
const shiftText = (day: string, starts: string, ends: string, from: string, to: string, breaks: string) =>
  `concat_ws('|', ${day}, to_char(${starts}::time, 'HH24:MI'), to_char(${ends}::time, 'HH24:MI'),
             coalesce(${from}::text, ''), coalesce(${to}::text, ''), coalesce(${breaks}, ''))`;
const span = (starts: string, ends: string) =>
  `to_char(${starts}::time, 'HH24:MI') || '-' || to_char(${ends}::time, 'HH24:MI')`;
const stagedBreaks = `(select string_agg(${span("split_part(b, '-', 1)", "split_part(b, '-', 2)")}, ',' order by b)
                         from unnest(s.breaks) b)`;
const storedBreaks = `(select string_agg(${span('k.starts_at', 'k.ends_at')}, ',' order by k.starts_at)
                         from clinician_rota_breaks k where k.shift_id = r.id)`;

/**
 * A clinician's shifts in the file replace the clinician's stored rota (shifts carry no reference of
 * their own); a rota equal to the stored one is left alone and its rows count unchanged. New shifts take
 * their ids from the table's sequence first, so their breaks can be written beside them.
 */
export async function applyRotaShifts(session: Session): Promise<number> {
  const staged = shiftText('s.day_of_week', 's.starts', 's.ends', 's.valid_from', 's.valid_to', stagedBreaks);
  const stored = shiftText(
    'r.day_of_week',
    'r.starts_at',
    'r.ends_at',
    'r.valid_from',
    'r.valid_to',
    storedBreaks,
  );
  await session.query(`create temporary table changed_rotas on commit drop as
    with staged as (
      select c.id as clinician_id, string_agg(${staged}, ';' order by ${staged}) as rota
        from stage_rota_shifts s join clinicians c on c.pms_ref = s.clinician_ref
       where not s.refused group by c.id),
    stored as (
      select r.clinician_id, string_agg(${stored}, ';' order by ${stored}) as rota
        from clinician_rota_shifts r where r.clinician_id in (select clinician_id from staged) group by 1)
    select staged.clinician_id from staged left join stored using (clinician_id)
     where stored.rota is distinct from staged.rota`);
  await session.query(
    `delete from clinician_rota_shifts where clinician_id in (select clinician_id from changed_rotas)`,
  );
  await session.query(`create temporary table new_shifts on commit drop as
    select nextval(pg_get_serial_sequence('clinician_rota_shifts', 'id'))::int as id, c.id as clinician_id,
           s.day_of_week, s.starts::time as starts, s.ends::time as ends, s.valid_from, s.valid_to, s.breaks
      from stage_rota_shifts s join clinicians c on c.pms_ref = s.clinician_ref
      join changed_rotas x on x.clinician_id = c.id
     where not s.refused`);
  await session.query(`insert into clinician_rota_shifts (id, clinician_id, day_of_week, starts_at, ends_at, valid_from, valid_to)
    select id, clinician_id, day_of_week, starts, ends, valid_from, valid_to from new_shifts`);
  await session.query(`insert into clinician_rota_breaks (shift_id, starts_at, ends_at)
    select n.id, split_part(b, '-', 1)::time, split_part(b, '-', 2)::time from new_shifts n, unnest(n.breaks) b`);
  const [row] = await session.query<{ n: number }>(`select count(*)::int as n from new_shifts`);
  return row?.n ?? 0;
}
