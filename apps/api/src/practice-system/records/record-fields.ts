import {
  practiceRecordBatchSchema,
  practiceRecordBodySchema,
  practiceRecordRefFields,
  recordBatchMaxItems,
  type PracticeRecordKind,
} from '@vet/contracts/integration-records';
import { recordKindsByFile } from '@vet/practice-import/kinds/index';
import type { RecordKind, StagedType } from '@vet/practice-import/kinds/kind';
import {
  childKindOf,
  childListField,
  childRowsRequired,
  parentReference,
} from '@vet/practice-import/records/record-kinds';
import { z } from 'zod';
import { practiceRecordExamples } from './record-examples.ts';
import { apiRecordKinds } from './record-kinds.ts';

const keepOrRequire = (child: RecordKind) =>
  childRowsRequired.has(child.file) ? 'always give them all' : 'leave it out to keep them';

const columnList = (kind: RecordKind, leaveOut?: string) =>
  kind.columns
    .filter((c) => c.name !== leaveOut)
    .map((c) => (c.required ? `**${c.name}**` : c.name))
    .join(', ');

const recordKindOf = (kind: PracticeRecordKind): RecordKind => {
  const recordKind = recordKindsByFile.get(apiRecordKinds[kind].file);
  if (!recordKind) throw new Error(`no record kind for ${kind}`);
  return recordKind;
};

/** A kind's fields for the OpenAPI document, read from its import file's columns (bold: required). */
export function fieldsOf(kind: PracticeRecordKind): string {
  const { file } = apiRecordKinds[kind];
  const recordKind = recordKindOf(kind);
  const child = childKindOf(file);
  const children = child
    ? ` \`${childListField(child)}\`: a list of rows of ${child.file} (${columnList(child, parentReference(child)?.column)}) ` +
      `that replace the stored ones whole; ${keepOrRequire(child)}.`
    : '';
  return `The fields are ${file}’s columns (bold: required): ${columnList(recordKind)}.${children}`;
}

/**
 * Each column's JSON type, from the type the import stages it as (kinds/*.ts): a column staged under
 * another name (a list's name, staged as its id; an amount) is text. The import reads text as in the
 * file too ("15", "true"): the document names the JSON form a practice system should send.
 */
const cellTypes: Record<StagedType, () => z.ZodType> = {
  text: () => z.string(),
  integer: () => z.int().min(0),
  boolean: () => z.boolean(),
  date: () => z.iso.date(),
  time: () => z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, 'HH:MM'),
  timestamptz: () => z.iso.datetime({ offset: true }),
  // Written as the file writes it: `12:30-13:00;15:00-15:10`.
  'text[]': () => z.string(),
  'integer[]': () => z.string(),
};

/** A kind's columns as a strict object: required ones as such (unless `optional`), the others nullable. */
function columnsObject(kind: RecordKind, optional: ReadonlySet<string>) {
  return Object.fromEntries(
    kind.columns.map((column) => {
      const type = cellTypes[kind.staged[column.name] ?? 'text']();
      const field = column.required && !optional.has(column.name) ? type : type.nullable().optional();
      return [column.name, field];
    }),
  );
}

/**
 * A kind's record typed field by field, as the document shows it (decision 0109): its import file's
 * columns, and a practice's or clinician's child rows. Only the document reads it: a request is checked
 * by the import's rules (practiceRecordBodySchema, then json-record.ts), whose refusals name each field
 * (422), an unknown field included.
 */
function typedRecordOf(kind: PracticeRecordKind, refRequired: boolean) {
  const recordKind = recordKindOf(kind);
  const refField = practiceRecordRefFields[kind];
  const child = childKindOf(recordKind.file);
  const parentColumn = child && parentReference(child)?.column;
  const children = child
    ? {
        [childListField(child)]: (childRowsRequired.has(child.file)
          ? z.array(z.strictObject(columnsObject(child, new Set(parentColumn ? [parentColumn] : [])))).min(1)
          : z
              .array(z.strictObject(columnsObject(child, new Set(parentColumn ? [parentColumn] : []))))
              .min(1)
              .optional()
        ).describe(
          `Rows of ${child.file} that replace the stored ones whole; ${keepOrRequire(child)}. ` +
            `Each row's ${parentColumn ?? 'reference'} is the record's: leave it out.`,
        ),
      }
    : {};
  return z.strictObject({
    ...columnsObject(recordKind, new Set(refRequired ? [] : [refField])),
    ...children,
  });
}

/** The JSON schema of a typed record, for the document (zod's own conversion, OpenAPI 3.1's dialect). */
function documented(schema: z.ZodType) {
  const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
  });
  return jsonSchema;
}

/**
 * PUT /{kind}/{ref}'s body: checked as loosely as before (the import's rules are the one validator),
 * documented field by field with an example.
 */
export function recordBodySchemaOf(kind: PracticeRecordKind) {
  const { file } = apiRecordKinds[kind];
  return practiceRecordBodySchema.meta({
    ...documented(typedRecordOf(kind, false)),
    description:
      `A row of ${file} as JSON: its columns as fields (${practiceRecordRefFields[kind]} may be left out: ` +
      'the path’s). Text as in the file is read too ("15", "true"); null is an empty cell.',
    examples: [practiceRecordExamples[kind]],
  });
}

/** POST /{kind}/batch's body: the same records, each with its reference. */
export function recordBatchSchemaOf(kind: PracticeRecordKind) {
  const example = practiceRecordExamples[kind];
  return practiceRecordBatchSchema.extend({
    items: practiceRecordBatchSchema.shape.items.meta({
      type: 'array',
      minItems: 1,
      maxItems: recordBatchMaxItems,
      items: {
        ...documented(typedRecordOf(kind, true)),
        description: `A row of ${apiRecordKinds[kind].file} as JSON, with its ${practiceRecordRefFields[kind]}.`,
      },
      examples: [[example]],
    }),
  });
}
