import type { PracticeRecordKind } from '@vet/contracts/integration-records';
import { recordKindsByFile } from '@vet/practice-import/kinds/index';
import type { RecordKind } from '@vet/practice-import/kinds/kind';
import { childKindOf, childListField } from '@vet/practice-import/records/record-kinds';
import { apiRecordKinds } from './record-kinds.ts';

const columnList = (kind: RecordKind, leaveOut?: string) =>
  kind.columns
    .filter((c) => c.name !== leaveOut)
    .map((c) => (c.required ? `**${c.name}**` : c.name))
    .join(', ');

/** A kind's fields for the OpenAPI document, read from its import file's columns (bold: required). */
export function fieldsOf(kind: PracticeRecordKind): string {
  const { file } = apiRecordKinds[kind];
  const recordKind = recordKindsByFile.get(file);
  if (!recordKind) return '';
  const child = childKindOf(file);
  const children = child
    ? ` \`${childListField(child)}\`: a list of rows of ${child.file} (${columnList(child, child.references[0]?.column)}) ` +
      'that replace the stored ones whole; leave it out to keep them.'
    : '';
  return `The fields are ${file}’s columns (bold: required): ${columnList(recordKind)}.${children}`;
}
