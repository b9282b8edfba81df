import { looksLikeColumnName } from '../engine/header.ts';
import { childKindOf, childListField, parentReference } from './record-kinds.ts';
import type { CellRow, RecordKind } from '../kinds/kind.ts';
import type { RecordRefusal, RecordRows } from './record-types.ts';

/**
 * A record sent as JSON (the integration API) to the cells of its import file's row: field names are the
 * column names; a value is text as in the file, or a JSON number, true/false, or null (an empty cell).
 * A practice's `opening_hours` and a clinician's `rota_shifts` are rows of the child file without the
 * parent's reference, which the record gives them. What is wrong with the JSON itself (an unknown field,
 * an object where a value belongs) is refused here; every rule of the values is the kind's.
 */
export function recordFromJson(kind: RecordKind, body: Readonly<Record<string, unknown>>): RecordRows {
  const refusals: RecordRefusal[] = [];
  const childKind = childKindOf(kind.file);
  const listField = childKind ? childListField(childKind) : null;
  const { cells, rest } = cellsOf(kind, body, '', refusals);
  let children: CellRow[] | undefined;
  for (const [field, value] of rest) {
    if (field === listField && childKind)
      children = childRows(childKind, listField, value, cells[kind.refColumn ?? ''] ?? '', refusals);
    else refusals.push(unknownField(kind, field, ''));
  }
  return { cells, ...(children ? { children } : {}), refusals };
}

const notAValue = 'not text, a number, true, false or null';

/** The kind's columns from the object's fields ('' for each one missing), and the fields that are not. */
function cellsOf(
  kind: RecordKind,
  body: Readonly<Record<string, unknown>>,
  prefix: string,
  refusals: RecordRefusal[],
) {
  const cells: Record<string, string> = Object.fromEntries(kind.columns.map((c) => [c.name, '']));
  const rest: [string, unknown][] = [];
  for (const [field, value] of Object.entries(body)) {
    if (!(field in cells)) {
      rest.push([field, value]);
      continue;
    }
    const cell = cellOf(value);
    if (cell === undefined) refusals.push({ field: `${prefix}${field}`, reason: notAValue });
    else cells[field] = cell;
  }
  return { cells, rest };
}

function cellOf(value: unknown): string | undefined {
  if (value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** A field is named only when it looks like a column name: a stray field could hold anything. */
function unknownField(kind: RecordKind, field: string, prefix: string): RecordRefusal {
  return looksLikeColumnName.test(field)
    ? { field: `${prefix}${field}`, reason: `unknown field: ${kind.file} has no column of this name` }
    : {
        field: prefix === '' ? null : prefix.slice(0, -1),
        reason: `a field is not a column of ${kind.file}`,
      };
}

const emptyList = {
  'opening_hours.csv':
    'empty: give the days the practice opens (leave the field out to keep the stored ones)',
  'rota_shifts.csv':
    'empty: give the clinician’s shifts (leave the field out to keep the stored rota; deactivate a clinician who no longer works)',
  'estimate_lines.csv': 'empty: an estimate has at least one line',
  'invoice_lines.csv': 'empty: an invoice has at least one line',
  'health_plan_benefits.csv':
    'empty: give the plan’s benefits (leave the field out to keep the stored ones; deactivate a plan no longer offered)',
  'plan_membership_uses.csv':
    'empty: give each allowance used, with used 0 for a new plan year (leave the field out to keep the stored ones)',
} as const;

/** The child rows, each given the record's reference; they replace the stored ones whole (as in the import). */
function childRows(
  childKind: RecordKind,
  listField: string,
  value: unknown,
  parentRef: string,
  refusals: RecordRefusal[],
): CellRow[] | undefined {
  const parentColumn = parentReference(childKind)!.column;
  if (
    !Array.isArray(value) ||
    value.some((row) => typeof row !== 'object' || row === null || Array.isArray(row))
  ) {
    refusals.push({ field: listField, reason: 'not a list of objects, one per row of the file' });
    return undefined;
  }
  if (value.length === 0) {
    refusals.push({ field: listField, reason: emptyList[childKind.file as keyof typeof emptyList] });
    return undefined;
  }
  return value.map((row: Record<string, unknown>, index) => {
    const prefix = `${listField}[${index}].`;
    const { cells, rest } = cellsOf(childKind, row, prefix, refusals);
    for (const [field] of rest) refusals.push(unknownField(childKind, field, prefix));
    const given = cells[parentColumn] ?? '';
    if (given !== '' && given.trim() !== parentRef.trim())
      refusals.push({
        field: `${prefix}${parentColumn}`,
        reason: 'not the record’s reference: leave it out',
      });
    return { ...cells, [parentColumn]: parentRef };
  });
}
