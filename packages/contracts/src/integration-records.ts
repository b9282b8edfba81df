import { z } from 'zod';
import { apiErrorSchema } from './errors.ts';
import { petStatuses } from './pet-rules.ts';
import { practiceSystemRefSchema } from './practice-system-ref.ts';

/**
 * The integration API's records (decision 0065): every kind the practice system owns except
 * appointments (integration-appointments.ts), upserted and deactivated by the practice system's reference.
 * A record is the row of its import file as JSON: field names are the file's column names
 * (docs/practice-import-format.md), values text as in the file, or JSON numbers and true/false. A practice
 * carries its opening hours (`opening_hours`: rows of opening_hours.csv without practice_ref), a clinician
 * its rota (`rota_shifts`: rows of rota_shifts.csv without clinician_ref), an estimate or invoice its
 * lines (`estimate_lines`, `invoice_lines`: rows without the record's reference, always all of them;
 * decision 0151), a health plan its benefits (`health_plan_benefits`) and a membership its uses
 * (`plan_membership_uses`, decision 0161).
 */

/** Each kind's path segment under /integration/v1, and the field (and path parameter) of its reference. */
export const practiceRecordRefFields = {
  practices: 'practice_ref',
  clinicians: 'clinician_ref',
  closures: 'closure_ref',
  'appointment-reasons': 'reason_ref',
  prices: 'price_ref',
  clients: 'client_ref',
  pets: 'pet_ref',
  vaccinations: 'vaccination_ref',
  medications: 'medication_ref',
  estimates: 'estimate_ref',
  invoices: 'invoice_ref',
  'health-plans': 'plan_ref',
  'plan-memberships': 'membership_ref',
} as const;
export type PracticeRecordKind = keyof typeof practiceRecordRefFields;
export const practiceRecordKinds = Object.keys(practiceRecordRefFields) as PracticeRecordKind[];

/** One kind's path parameters: `{ client_ref }` for clients, and so on. */
export const practiceRecordParamsSchema = <Kind extends PracticeRecordKind>(kind: Kind) =>
  z.object({ [practiceRecordRefFields[kind]]: practiceSystemRefSchema } as Record<
    (typeof practiceRecordRefFields)[Kind],
    typeof practiceSystemRefSchema
  >);

/** A batch holds at most this many records (413 above); split a larger change into several batches. */
export const recordBatchMaxItems = 1000;
/** The largest batch body: room for a clinician's full rota in every item (a record is well under it). */
export const recordBatchMaxBytes = recordBatchMaxItems * 4096;

/** One record as JSON. Its fields are checked by the import's own rules, so a refusal is a 422 naming them. */
export const practiceRecordBodySchema = z
  .looseObject({})
  .describe('The record: its import file’s columns as fields (text, numbers, true/false or null).');

export const practiceRecordBatchSchema = z.object({
  items: z
    .array(z.looseObject({}))
    .min(1, 'Send at least one item.')
    .describe(`Up to ${recordBatchMaxItems} records of one kind (413 above), each with its reference field.`),
});

/** 'applied': the record was created or changed; 'unchanged': it was already stored exactly so. */
export const recordOutcomes = ['applied', 'unchanged'] as const;

/** A record's version (decision 0113): its ETag, and what If-Match or `version` send back. */
const recordVersionSchema = z
  .number()
  .int()
  .describe('The record’s version after the write (its ETag): send it back as If-Match or `version`.');

/** What an upsert or a deactivation did, the portal's id of the record and its version. */
export const practiceRecordWriteSchema = z.object({
  outcome: z.enum(recordOutcomes),
  id: z.number().int(),
  version: recordVersionSchema,
});
export type PracticeRecordWrite = z.infer<typeof practiceRecordWriteSchema>;

/** GET /{kind}/{ref}: the stored record's portal id and current version (its ETag). */
export const practiceRecordVersionSchema = z.object({
  ref: z.string(),
  id: z.number().int(),
  version: recordVersionSchema,
});
export type PracticeRecordVersion = z.infer<typeof practiceRecordVersionSchema>;

/** A field's refusal, as in the API's error shape: `path` names the field (`opening_hours[2].opens`). */
const recordIssueSchema = apiErrorSchema.shape.issues.unwrap().element;

/** POST /{kind}/batch: one answer per item, in the order sent (decision 0065: per item, as the import). */
export const practiceRecordBatchResultSchema = z.object({
  results: z.array(
    z.object({
      index: z.number().int(),
      /** The item's reference as sent (trimmed), null when it has none. */
      ref: z.string().nullable(),
      outcome: z.enum([...recordOutcomes, 'refused']),
      /** The portal's id of the record, unless it was refused. */
      id: z.number().int().optional(),
      /** Its version after the write, unless it was refused (decision 0113). */
      version: recordVersionSchema.optional(),
      /** Why the item was refused, field by field (never quoting a value). */
      issues: z.array(recordIssueSchema).optional(),
    }),
  ),
});
export type PracticeRecordBatchResult = z.infer<typeof practiceRecordBatchResultSchema>;

/** POST /pets/{pet_ref}/deactivate: a pet leaves the practice's active list as Deceased or Rehomed. */
export const petDeactivationSchema = z
  .object({ status: z.enum(petStatuses).exclude(['Active']) })
  .meta({ examples: [{ status: 'Deceased' }] });
