import pg from 'pg';
import type { KindFile, RecordKind } from '../kinds/kind.ts';
import { stagingTable } from './import-files.ts';
import { refuseRows } from './refusals.ts';
import type { Session } from './session.ts';
import { ident } from './staging-tables.ts';

/** How a file of the import stands after reading: staged, refused as a whole, or not in the directory. */
export type FileState = 'staged' | 'refused' | 'absent';

export interface CheckContext {
  session: Session;
  kinds: ReadonlyMap<KindFile, RecordKind>;
  states: ReadonlyMap<KindFile, FileState>;
  /** Files whose references are known to be used once each (a unique index took them). */
  uniqueRefs?: ReadonlySet<KindFile>;
}

export const literal = (text: string) => pg.escapeLiteral(text);

/** Every later row repeating a key is refused, naming the first line that used it. */
export async function refuseRepeatedKeys(
  context: CheckContext,
  file: KindFile,
  keys: readonly string[],
  what: string,
  /** Keys whose empty cells are a value of their own (a price's band: every animal). */
  nullableKeys: readonly string[] = [],
) {
  const columns = keys.map(ident);
  const required = keys.filter((key) => !nullableKeys.includes(key)).map(ident);
  await refuseRows(
    context.session,
    file,
    `select tid, line, ${literal(keys.at(-1) ?? '')} as column_name, ${literal(what)} || ' in line ' || first_line as reason
       from (select ctid as tid, line, min(line) over (partition by ${columns.join(', ')}) as first_line
               from ${stagingTable(file)} where ${required.map((c) => `${c} is not null`).join(' and ')}) d
      where line > first_line`,
  );
}

/**
 * Rows applied as a group (a clinician's rota, a practice's opening hours: the file's rows replace the
 * stored ones) are refused together: a group with one refused row would otherwise be stored incomplete.
 */
export async function refuseIncompleteGroups(
  context: CheckContext,
  file: KindFile,
  groupColumn: string,
  what: string,
) {
  const column = ident(groupColumn);
  await refuseRows(
    context.session,
    file,
    `select s.ctid as tid, s.line, null::text as column_name,
            ${literal(`${what} is applied whole, and line `)} || g.first_refused || ' is refused' as reason
       from ${stagingTable(file)} s
       join (select ${column} as key, min(line) as first_refused from ${stagingTable(file)}
              where refused and ${column} is not null group by 1) g on g.key = s.${column}
      where not s.refused`,
  );
}
