import type { KindFile, RecordKind } from '../kinds/kind.ts';
import { recordKinds } from '../kinds/index.ts';

/**
 * A file whose rows belong to a record of another file and have no reference of their own (a practice's
 * opening hours, a clinician's rota): in memory they travel with that record, as its child rows.
 */
export function childKindOf(file: KindFile): RecordKind | undefined {
  return recordKinds.find(
    (kind) => kind.refColumn === null && kind.references.length === 1 && kind.references[0]?.file === file,
  );
}

/** The field of a record holding its child rows: the child file's name (`opening_hours`, `rota_shifts`). */
export const childListField = (child: RecordKind): string => child.file.replace(/\.csv$/, '');
