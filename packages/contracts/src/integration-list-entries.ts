import { z } from 'zod';
import { apiErrorSchema } from './errors.ts';
import { practiceSystemRefSchema } from './practice-system-ref.ts';

/**
 * A group's own entries of the portal's lists through the integration API (decision 0096): a breed,
 * colour, insurer or cancellation reason the reference lists lack, with the practice system's code.
 * The same rules as the import's list_entries.csv (docs/practice-import-format.md): a name, code or
 * synonym that is already an entry's is refused, naming it.
 */

/** The lists a group may add to, as path segments, and the list_entries.csv `list` value of each. */
export const groupListSegments = {
  breeds: 'breed',
  colours: 'colour',
  insurers: 'insurer',
  'cancellation-reasons': 'cancellation_reason',
} as const;
export type GroupListSegment = keyof typeof groupListSegments;
const segments = Object.keys(groupListSegments) as [GroupListSegment, ...GroupListSegment[]];

export const listEntryParamsSchema = z.object({
  list: z.enum(segments).describe('The list: breeds, colours, insurers or cancellation-reasons.'),
  code: practiceSystemRefSchema.describe('The practice system’s code for the entry: its identity.'),
});

const entryFields = {
  name: z.string().describe('The name clients see; unique in the list (of the species).'),
  species: z
    .string()
    .nullish()
    .describe('Breeds and colours: their species, by name or code (Dog, Canine). Others: leave it out.'),
  synonyms: z
    .array(z.string())
    .optional()
    .describe('Other names the practice system may write for it; each unique in the list as the name is.'),
};

/** PUT /list-entries/{list}/{code}: the entry as the practice system has it now (synonyms replaced). */
export const listEntryBodySchema = z
  .object(entryFields)
  // A made-up breed (decision 0109: the document's example).
  .meta({ examples: [{ name: 'Kentish Terrier', species: 'Dog', synonyms: ['Kent Terrier'] }] });
export type ListEntryBody = z.infer<typeof listEntryBodySchema>;

export const listEntryBatchMaxItems = 1000;

/** POST /list-entries/batch: entries of any lists, each with its list and code. */
export const listEntryBatchSchema = z.object({
  items: z
    .array(
      z.object({ list: listEntryParamsSchema.shape.list, code: z.string(), ...entryFields }).meta({
        examples: [
          {
            list: 'breeds',
            code: 'KT01',
            name: 'Kentish Terrier',
            species: 'Dog',
            synonyms: ['Kent Terrier'],
          },
        ],
      }),
    )
    .min(1, 'Send at least one item.')
    .max(listEntryBatchMaxItems, `A batch has at most ${listEntryBatchMaxItems} items.`),
});
export type ListEntryBatch = z.infer<typeof listEntryBatchSchema>;

export const listEntryWriteSchema = z.object({
  outcome: z.enum(['applied', 'unchanged']),
  /** The portal's id of the entry: what its list's routes (GET /v2/insurers, …) name it by. */
  id: z.number().int(),
});
export type ListEntryWrite = z.infer<typeof listEntryWriteSchema>;

const issueSchema = apiErrorSchema.shape.issues.unwrap().element;

export const listEntryBatchResultSchema = z.object({
  results: z.array(
    z.object({
      index: z.number().int(),
      outcome: z.enum(['applied', 'unchanged', 'refused']),
      id: z.number().int().optional(),
      issues: z.array(issueSchema).optional(),
    }),
  ),
});
export type ListEntryBatchResult = z.infer<typeof listEntryBatchResultSchema>;
