import { speciesCodes } from '@vet/contracts/lookups';
import { bandsOfSpecies } from '@vet/contracts/practice-prices';
import { literal, type CheckContext } from './cross-row-rules.ts';
import { refuseRows } from './refusals.ts';

/** Each species code's bands, as the price list reads a pet's (bandsOfSpecies), for SQL. */
const speciesBands = speciesCodes
  .flatMap((code) => bandsOfSpecies(code).map((band) => `(${literal(code)}, ${literal(band)})`))
  .join(', ');

/**
 * A price of a reason for a band none of the reason's species has (a cats' price of a rabbits' reason) is
 * refused by line, naming band and the bands it may have (issue 62). The reason's species are the
 * batch's, when appointment_reasons.csv gives it, else the stored ones; a reason for every species
 * (none listed) takes any band.
 */
export const bandOfTheReasonsSpecies = ({ session, states }: CheckContext) => {
  const inBatch = states.get('appointment_reasons.csv') === 'staged';
  const batchSpecies = inBatch
    ? `(select array_remove(a.species_ids || a.species_other_id, null) from stage_appointment_reasons a
         where a.reason_ref = s.reason_ref and not a.refused)`
    : 'null::int[]';
  return refuseRows(
    session,
    'prices.csv',
    `with priced as (
       select s.ctid as tid, s.line, s.band, coalesce(${batchSpecies}, array(
                select rs.species_id from appointment_reason_species rs
                  join appointment_reasons r on r.id = rs.reason_id where r.pms_ref = s.reason_ref)) as species_ids
         from stage_prices s where not s.refused and s.band is not null and s.reason_ref is not null),
     allowed as (
       select p.tid, array(select distinct b.band from species sp
                             join (values ${speciesBands}) b(code, band) on b.code = sp.code::text
                            where sp.id = any(p.species_ids) order by 1) as bands
         from priced p where cardinality(p.species_ids) > 0)
     select p.tid, p.line, 'band' as column_name,
            'not a band of the animals this appointment reason is for: one of '
              || array_to_string(a.bands, ', ') as reason
       from priced p join allowed a on a.tid = p.tid
      where not p.band = any(a.bands)`,
  );
};
