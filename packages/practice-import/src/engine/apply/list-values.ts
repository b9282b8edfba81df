import type { PracticeValueList } from '@vet/db/schema/practice-list-values';
import type { Session } from '../session.ts';

/**
 * The values of the portal's lists that no entry matched (decision 0131), kept per practice system: the
 * import's and the integration API's are the group's own system's (`group`), a connector's are its own
 * (`connector:<name>`). The apply's transaction says which (`practice_import.practice_system`).
 */
export const groupPracticeSystem = 'group';

export async function setPracticeSystem(session: Session, practiceSystem: string) {
  await session.query(`select set_config('practice_import.practice_system', $1, true)`, [practiceSystem]);
}

export const practiceSystem = `coalesce(nullif(current_setting('practice_import.practice_system', true), ''), '${groupPracticeSystem}')`;

/** A staged list value: its column prefix (`breed` → breed_id, _text, _key, _code) and its list. */
export interface StagedValue {
  column: string;
  list: PracticeValueList;
  /** The staged species it was matched within (breeds, colours). */
  species?: string;
}

const aliasOf = (value: StagedValue) => `v_${value.column}`;

/**
 * Stores each staged value no entry matched, once per list, system, species and key: the first text
 * wins, and the first code given (a connector's, decision 0131), which also fills in the code of a value
 * stored without one. Only such a value's row is updated (and locked): an import's values, which have no
 * codes, leave the stored rows alone.
 */
export async function storeListValues(session: Session, stage: string, values: readonly StagedValue[]) {
  for (const { column, list, species = 'null::int' } of values) {
    await session.query(
      `with staged as (
         select distinct on (${species}, s.${column}_key) ${species} as species_id, s.${column}_key as key,
                s.${column}_text as text,
                first_value(s.${column}_code) over (partition by ${species}, s.${column}_key
                                                    order by s.${column}_code is null, s.line) as code
           from ${stage} s
          where not s.refused and not s.unchanged and s.${column}_key is not null
          order by ${species}, s.${column}_key, s.line),
       inserted as (
         insert into practice_list_values (list, practice_system, species_id, key, text, code)
         select '${list}', ${practiceSystem}, species_id, key, text, code from staged
         on conflict (list, practice_system, coalesce(species_id, 0), key) do nothing)
       update practice_list_values v set code = staged.code
         from staged
        where staged.code is not null and v.code is null and v.list = '${list}'
          and v.practice_system = ${practiceSystem}
          and coalesce(v.species_id, 0) = coalesce(staged.species_id, 0) and v.key = staged.key`,
    );
  }
}

/** The joins from a staged row to its values' rows (left joins: most rows have none). */
export const listValueJoins = (values: readonly StagedValue[]) =>
  values
    .map((value) => {
      const v = aliasOf(value);
      return `left join practice_list_values ${v} on ${v}.list = '${value.list}'
        and ${v}.practice_system = ${practiceSystem}
        and coalesce(${v}.species_id, 0) = coalesce(${value.species ?? 'null::int'}, 0)
        and ${v}.key = s.${value.column}_key`;
    })
    .join('\n');

const mappedColumn: Record<PracticeValueList, string> = {
  species: 'mapped_species_id',
  breeds: 'mapped_breed_id',
  colours: 'mapped_colour_id',
  insurers: 'mapped_insurer_id',
  salutations: 'mapped_salutation_id',
};

/**
 * A value's two stored columns: the entry (matched, or the entry its value was mapped to since) and the
 * value's id while it is unmapped.
 */
export const listValueColumns = (value: StagedValue) => {
  const v = aliasOf(value);
  return [
    // Mapped first: a species the list lacks is staged as Other.
    { name: `${value.column}_id`, value: `coalesce(${v}.${mappedColumn[value.list]}, s.${value.column}_id)` },
    { name: `${value.column}_value_id`, value: `case when ${v}.mapped_at is null then ${v}.id end` },
  ];
};

/** A value this import kept unmapped, with how many of its rows carry it (decision 0131). */
export interface UnmappedCount {
  list: PracticeValueList;
  value: string;
  rows: number;
}

/** Each staged file's list values, by their column prefix. */
export const stagedValues: readonly { stage: string; values: readonly StagedValue[] }[] = [
  { stage: 'stage_clients', values: [{ column: 'salutation', list: 'salutations' }] },
  {
    stage: 'stage_pets',
    values: [
      { column: 'species', list: 'species' },
      { column: 'breed', list: 'breeds', species: 's.species_id' },
      { column: 'colour', list: 'colours', species: 's.species_id' },
      { column: 'insurer', list: 'insurers' },
    ],
  },
];

/** The values the staged rows kept unmapped, most rows first: the import's report lists them. */
export async function unmappedInStage(session: Session): Promise<UnmappedCount[]> {
  const selects = stagedValues.flatMap(({ stage, values }) =>
    values.map(
      (v) => `select '${v.list}' as list, min(s.${v.column}_text) as value, count(*)::int as rows
                from ${stage} s where not s.refused and s.${v.column}_key is not null
               group by ${v.species ?? 'null::int'}, s.${v.column}_key`,
    ),
  );
  return session.query<UnmappedCount>(`${selects.join(' union all ')} order by rows desc, list, value`);
}
