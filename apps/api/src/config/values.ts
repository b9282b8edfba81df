import { z } from 'zod';

/** The kinds of environment value more than one part of the API's config reads (api-config.ts). */

/** A whole number written in decimal digits, within [min, max]. */
export const wholeNumber = ([min, max]: readonly [number, number]) =>
  z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().min(min).max(max));

export const httpUrl = z.url({ protocol: /^https?$/ });

/** A variable holding JSON: "not JSON" when it does not parse, else what `schema` makes of it. */
export const jsonValue = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .transform((text, context): unknown => {
      try {
        return JSON.parse(text);
      } catch {
        context.addIssue({ code: 'custom', message: 'not JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);

/** BRAND_NAME: the brand in e-mails ("<brand> Client Portal"); the API's and the operator's command's. */
export const brandNameValue = z.string().trim().min(1).max(60).default('Harbour Vets');
