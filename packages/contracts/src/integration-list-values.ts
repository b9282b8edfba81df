import { z } from 'zod';

/**
 * The values a practice system wrote that no entry of the portal's lists matched (decision 0131), kept as
 * written and unmapped, through the integration API: listed with how many records carry each (never
 * which), and mapped once to an entry, which every record with the value then takes.
 */

/** The lists whose values are kept when no entry matches them. */
export const practiceValueLists = ['species', 'breeds', 'colours', 'insurers', 'salutations'] as const;
export type PracticeValueList = (typeof practiceValueLists)[number];

/** The longest label a practice system's value may be: a longer cell or field is not a label. */
export const listValueMaxLength = 200;

export const unmappedValuesQuerySchema = z.object({
  list: z.enum(practiceValueLists).optional().describe('Only the values of this list.'),
  practice_system: z
    .string()
    .max(listValueMaxLength)
    .optional()
    .describe('Only this practice system’s values: `group`, or `connector:<name>`.'),
});

export const unmappedValueSchema = z.object({
  id: z.number().int().describe('What the mapping route names the value by.'),
  list: z.enum(practiceValueLists),
  practice_system: z.string().describe('Whose words: `group` (imports, this API) or `connector:<name>`.'),
  species: z.string().nullable().describe('The species a breed or colour was read for; null otherwise.'),
  text: z.string().describe('The value as the practice system first wrote it.'),
  code: z
    .string()
    .nullable()
    .describe(
      'The practice system’s own id of the value where its records carry one (a connector’s: ezyVet’s ' +
        'breed or species id, as text); null where none came (import files and this API send none).',
    ),
  records: z.number().int().describe('How many stored records carry it.'),
  nearest: z.array(z.string()).describe('The list’s entries nearest to it, nearest first.'),
});
export type UnmappedValueItem = z.infer<typeof unmappedValueSchema>;

export const unmappedValuesSchema = z.object({ items: z.array(unmappedValueSchema) });

export const listValueParamsSchema = z.object({
  id: z.coerce.number().int().positive().describe('The unmapped value’s id (GET /list-values/unmapped).'),
});

/** PUT /list-values/{id}/mapping: the entry it means, or the group's own new entry of its text. */
export const listValueMappingBodySchema = z
  .object({
    entry: z
      .string()
      .trim()
      .min(1, 'Name the entry.')
      .max(listValueMaxLength)
      .optional()
      .describe('An entry of the value’s list (of its species), by its name, a synonym or a code.'),
    group_entry: z
      .literal(true)
      .optional()
      .describe('Make the value the group’s own entry of its list (breeds, colours, insurers).'),
  })
  .refine((body) => (body.entry === undefined) !== (body.group_entry === undefined), {
    message: 'Give entry or group_entry, one of them.',
  })
  .meta({ examples: [{ entry: 'Domestic Shorthair' }] });
export type ListValueMappingBody = z.infer<typeof listValueMappingBodySchema>;

export const listValueMappingSchema = z.object({
  id: z.number().int(),
  list: z.enum(practiceValueLists),
  text: z.string(),
  entry: z.object({ id: z.number().int(), name: z.string() }),
  changed: z
    .boolean()
    .describe('false: it was mapped to this entry already (mapping again changes nothing).'),
  records: z.number().int().describe('The stored records that took the entry now.'),
});
