import type { Session } from '../session.ts';
import { practiceSystem } from './list-values.ts';
import { upsertSql } from './upsert.ts';

/**
 * Appointment reasons. A stored reason without a reference and with a staged reason's name is the same
 * reason, set up in the portal before the practice's system was connected (the lookup seed's): it is
 * adopted (gets the reference) rather than refused for its name. Its species are replaced when they differ
 * (none: every species). A species no entry matched (decision 0131) is kept as a value of the species
 * list, linked to the reason, which is open to Other meanwhile, or to the species the value is mapped to.
 * A reason counts as applied when it was adopted or any of this changed.
 */
export async function applyReasons(session: Session): Promise<number> {
  const adopted = await session.query<{
    ref: string;
  }>(`update appointment_reasons r set pms_ref = s.reason_ref
      from stage_appointment_reasons s
     where not s.refused and r.pms_ref is null and r.name = s.name
       and not exists (select 1 from appointment_reasons o where o.pms_ref = s.reason_ref)
    returning r.pms_ref as ref`);
  const written = await session.query<{ ref: string }>(
    upsertSql({
      table: 'appointment_reasons',
      from: 'stage_appointment_reasons s',
      ref: 'reason_ref',
      columns: [
        { name: 'name', value: 's.name' },
        { name: 'duration_minutes', value: 's.duration_minutes' },
        { name: 'clinician_type', value: 's.clinician_type::clinician_type' },
        { name: 'is_initial_consultation', value: 's.initial_consultation' },
        { name: 'is_online', value: 's.online' },
      ],
      returning: 'pms_ref as ref',
    }),
  );
  await session.query(`insert into practice_list_values (list, practice_system, key, text)
    select distinct on (u.key) 'species', ${practiceSystem}, u.key, u.text
      from stage_appointment_reasons s, unnest(s.species_keys, s.species_texts) as u(key, text)
     where not s.refused and not s.unchanged
     order by u.key, s.line
    on conflict (list, practice_system, coalesce(species_id, 0), key) do nothing`);
  await session.query(`create temporary table staged_reason_values on commit drop as
    select r.id as reason_id, v.id as value_id, v.mapped_species_id, s.species_other_id
      from stage_appointment_reasons s join appointment_reasons r on r.pms_ref = s.reason_ref,
           unnest(s.species_keys) as u(key)
      join practice_list_values v on v.list = 'species' and v.practice_system = ${practiceSystem}
                                 and v.species_id is null and v.key = u.key
     where not s.refused`);
  await session.query(`delete from appointment_reason_species_values
    where reason_id in (select r.id from stage_appointment_reasons s
                          join appointment_reasons r on r.pms_ref = s.reason_ref where not s.refused)`);
  await session.query(`insert into appointment_reason_species_values (reason_id, value_id)
    select reason_id, value_id from staged_reason_values where mapped_species_id is null`);
  await session.query(`create temporary table changed_reason_species on commit drop as
    with wanted as (
      select r.id, r.pms_ref,
             coalesce((select array_agg(distinct x order by x) from (
                select unnest(s.species_ids) union
                select coalesce(v.mapped_species_id, v.species_other_id)
                  from staged_reason_values v where v.reason_id = r.id) as ids(x)), '{}') as species
        from stage_appointment_reasons s join appointment_reasons r on r.pms_ref = s.reason_ref
       where not s.refused)
    select w.id, w.pms_ref, w.species from wanted w
     where w.species <> coalesce((select array_agg(rs.species_id order by rs.species_id)
                                    from appointment_reason_species rs where rs.reason_id = w.id), '{}')`);
  await session.query(`delete from appointment_reason_species
    where reason_id in (select id from changed_reason_species)`);
  await session.query(`insert into appointment_reason_species (reason_id, species_id)
    select id, unnest(species) from changed_reason_species`);
  const species = await session.query<{ ref: string }>(`select pms_ref as ref from changed_reason_species`);
  return new Set([...adopted, ...written, ...species].map((r) => r.ref)).size;
}
