import type { KindFile } from '../kinds/kind.ts';
import { childKindOf, childListField, parentReference } from '../records/record-kinds.ts';
import type { testGroup } from './test-group.ts';

type Group = ReturnType<typeof testGroup>;

/** The files whose records travel by themselves (the integration API's kinds), in dependency order. */
export const recordFiles = [
  'practices.csv',
  'clinicians.csv',
  'closures.csv',
  'appointment_reasons.csv',
  'prices.csv',
  'clients.csv',
  'pets.csv',
  'vaccinations.csv',
  'medications.csv',
] as const satisfies readonly KindFile[];
export type RecordFile = (typeof recordFiles)[number];

/**
 * A test group's rows of one file as JSON records, as a practice system sends them to the integration
 * API: a practice with its `opening_hours`, a clinician with its `rota_shifts` (rows without the
 * parent's reference).
 */
export function jsonRecords(group: Group, file: RecordFile): readonly Record<string, unknown>[] {
  const child = childKindOf(file);
  const parentColumn = child && parentReference(child)?.column;
  if (!child || !parentColumn) return group.files[file];
  return group.files[file].map((row) => ({
    ...row,
    [childListField(child)]: group.files[child.file as keyof Group['files']]
      .filter((childRow) => childRow[parentColumn] === row[parentColumn])
      .map(({ [parentColumn]: _, ...childRow }) => childRow),
  }));
}
