import type { KindFile, RecordKind, Reference } from '../kinds/kind.ts';
import { literal, refuseRepeatedKeys, type CheckContext, type FileState } from './cross-row-rules.ts';
import { importOrder, stagingTable, storedTables } from './import-files.ts';
import { kindChecks } from './kind-checks.ts';
import { refuseRows } from './refusals.ts';
import { ident } from './staging-tables.ts';

/**
 * The checks across rows, file by file in dependency order, so that a parent's refusal is final before
 * its children are checked: a key used twice, references the batch and the stored records cannot
 * resolve (or that name a refused row), then each kind's own rules (kind-checks.ts).
 */
export async function checkAcrossRows(
  context: CheckContext,
  onFile?: (file: KindFile, seconds: number) => void,
) {
  for (const file of importOrder) {
    const kind = context.kinds.get(file);
    if (!kind || context.states.get(file) !== 'staged') continue;
    const started = performance.now();
    // A reference used twice: nothing to look for when a unique index on them could be built.
    if (kind.refColumn && !context.uniqueRefs?.has(file)) {
      await refuseRepeatedKeys(context, file, [kind.refColumn], 'this reference is used before');
    }
    for (const reference of kind.references) await refuseUnresolved(context, kind, reference);
    for (const check of kindChecks[file] ?? []) await check(context);
    onFile?.(file, (performance.now() - started) / 1000);
  }
}

/**
 * A reference must name a record of the batch that is not refused, or one already stored. One naming a
 * refused row is refused naming that row, even when a stored record has the reference: the file says
 * the record is something the import refused.
 */
async function refuseUnresolved(context: CheckContext, kind: RecordKind, reference: Reference) {
  const parent = context.kinds.get(reference.file);
  const stored = storedTables[reference.file];
  if (!parent?.refColumn || !stored)
    throw new Error(`${kind.file}: ${reference.column} names no referenced file`);
  const column = `s.${ident(reference.column)}`;
  const unknown = `no ${stored.noun} with this reference ${whereFrom(context.states.get(reference.file), reference.file)}`;
  await refuseRows(
    context.session,
    kind.file,
    `select s.ctid as tid, s.line, ${literal(reference.column)} as column_name,
            case when b.refused_line is not null
                 then ${literal(`refused in ${reference.file} line `)} || b.refused_line
                 else ${literal(unknown)} end as reason
       from ${stagingTable(kind.file)} s
       left join (select ${ident(parent.refColumn)} as ref, bool_or(not refused) as ok,
                         min(line) filter (where refused) as refused_line
                    from ${stagingTable(reference.file)} group by 1) b on b.ref = ${column}
      where ${column} is not null and b.ok is not true
        -- Only a reference the batch does not resolve is looked up among the stored records.
        and (b.refused_line is not null
             or not exists (select 1 from ${stored.table} t where t.pms_ref = ${column}))`,
  );
}

function whereFrom(state: FileState | undefined, file: KindFile): string {
  if (state === 'refused') return `is stored (${file} was refused as a whole)`;
  if (state === 'staged') return `in ${file} or stored`;
  return `is stored (no ${file} in the directory)`;
}
