import type pg from 'pg';
import type { ReferenceData } from './reference-files.ts';

/**
 * Which colours each breed comes in (breed_colours: the pet form offers a breed's colours, R7.7), for the
 * lists' rows (decision 0096): a listed breed comes in the colours listed for it (colours.csv's breeds),
 * or in every listed colour of its species when none is; a group's own colour comes in every breed of its
 * species, and a group's own breed in every colour. Rows from before the lists keep their links as they are.
 */
export async function syncBreedColours(
  client: pg.ClientBase,
  data: ReferenceData,
): Promise<{ added: number; removed: number }> {
  const rowsOf = (table: string) =>
    client.query<Row>(
      `select id, species_id as "speciesId", source::text as source, code from ${table} where source is not null`,
    );
  const breeds = await rowsOf('breeds');
  const colours = await rowsOf('colours');
  const links = await client.query<{ breedId: number; colourId: number }>(
    `select l.breed_id as "breedId", l.colour_id as "colourId" from breed_colours l
       join breeds b on b.id = l.breed_id join colours c on c.id = l.colour_id
      where b.source is not null and c.source is not null`,
  );
  const wanted = new Set<string>();
  const link = (breedId: number, colourId: number) => wanted.add(`${breedId}/${colourId}`);
  const listedBreeds = new Map(breeds.rows.filter((b) => b.source !== 'group').map((b) => [b.code, b]));
  const coloursOf = new Map<number, Row[]>();
  for (const colour of colours.rows)
    coloursOf.set(colour.speciesId, [...(coloursOf.get(colour.speciesId) ?? []), colour]);
  const curated = new Map<number, number[]>();
  const colourIds = new Map(colours.rows.filter((c) => c.source !== 'group').map((c) => [c.code, c.id]));
  for (const colour of data.colours.entries)
    for (const code of colour.breeds) {
      const breed = listedBreeds.get(code);
      const colourId = colourIds.get(colour.code);
      if (breed && colourId !== undefined)
        curated.set(breed.id, [...(curated.get(breed.id) ?? []), colourId]);
    }
  for (const breed of breeds.rows) {
    const ofSpecies = coloursOf.get(breed.speciesId) ?? [];
    for (const colour of ofSpecies) {
      const eitherGroup = breed.source === 'group' || colour.source === 'group';
      const listed = breed.source !== 'group' && colour.source !== 'group';
      const own = curated.get(breed.id);
      if (eitherGroup || (listed && (own === undefined || own.includes(colour.id))))
        link(breed.id, colour.id);
    }
  }
  const have = new Set(links.rows.map((l) => `${l.breedId}/${l.colourId}`));
  const adding = [...wanted].filter((k) => !have.has(k)).map(pair);
  const removing = [...have].filter((k) => !wanted.has(k)).map(pair);
  if (removing.length > 0)
    await client.query(
      `delete from breed_colours l using unnest($1::int[], $2::int[]) d(breed_id, colour_id)
        where l.breed_id = d.breed_id and l.colour_id = d.colour_id`,
      [removing.map((p) => p[0]), removing.map((p) => p[1])],
    );
  if (adding.length > 0)
    await client.query(
      `insert into breed_colours (breed_id, colour_id) select * from unnest($1::int[], $2::int[]) on conflict do nothing`,
      [adding.map((p) => p[0]), adding.map((p) => p[1])],
    );
  return { added: adding.length, removed: removing.length };
}

interface Row {
  id: number;
  speciesId: number;
  source: string;
  code: string;
}

const pair = (key: string) => key.split('/').map(Number) as [number, number];

/**
 * A group's new breed or colour (group-entries.ts) comes in every colour, or every breed, of its
 * species: the links it lacks, added.
 */
export async function linkGroupEntries(client: pg.ClientBase): Promise<void> {
  await client.query(`insert into breed_colours (breed_id, colour_id)
    select b.id, c.id from breeds b join colours c on c.species_id = b.species_id
     where (b.source = 'group' or c.source = 'group') and b.source is not null and c.source is not null
    on conflict do nothing`);
}
