import type pg from 'pg';

/**
 * The appointment reasons listing a species value take the species it is mapped to, in one transaction
 * (a group has dozens of reasons): open to Other meanwhile, they stay open to it only while they list
 * another species no entry matched.
 */
export async function moveReasons(pool: pg.Pool, valueId: number, speciesId: number): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query<{ reason_id: number }>(
      `delete from appointment_reason_species_values where value_id = $1 returning reason_id`,
      [valueId],
    );
    const reasons = rows.map((r) => r.reason_id);
    await client.query(
      `insert into appointment_reason_species (reason_id, species_id)
       select unnest($1::int[]), $2 on conflict do nothing`,
      [reasons, speciesId],
    );
    await client.query(
      `delete from appointment_reason_species rs
        where rs.reason_id = any($1::int[]) and rs.species_id <> $2
          and rs.species_id = (select id from species where code = 'Custom' and source is not null)
          and not exists (select 1 from appointment_reason_species_values l where l.reason_id = rs.reason_id)`,
      [reasons, speciesId],
    );
    await client.query('commit');
    return reasons.length;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
