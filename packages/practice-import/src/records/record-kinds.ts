import type { KindFile, RecordKind, Reference } from '../kinds/kind.ts';
import { recordKinds } from '../kinds/index.ts';

/** The reference naming the record a child file's rows belong to (Reference.parent). */
export const parentReference = (kind: RecordKind): Reference | undefined =>
  kind.references.find((reference) => reference.parent);

/**
 * A file whose rows belong to a record of another file and have no reference of their own (a practice's
 * opening hours, a clinician's rota, an estimate's lines): in memory they travel with that record, as its
 * child rows. Its other references (a line's pet_ref) are the rows' own.
 */
export function childKindOf(file: KindFile): RecordKind | undefined {
  return recordKinds.find((kind) => kind.refColumn === null && parentReference(kind)?.file === file);
}

/** The field of a record holding its child rows: the child file's name (`opening_hours`, `rota_shifts`). */
export const childListField = (child: RecordKind): string => child.file.replace(/\.csv$/, '');

/**
 * Child files whose rows a record must always carry (an estimate's or invoice's lines: its total is
 * theirs, decision 0151); the others' may be left out to keep the stored ones.
 */
export const childRowsRequired: ReadonlySet<KindFile> = new Set(['estimate_lines.csv', 'invoice_lines.csv']);
