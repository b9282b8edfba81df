import { z } from 'zod';

/** The kinds of environment value more than one part of the API's config reads (api-config.ts). */

/** A whole number written in decimal digits, within [min, max]. */
export const wholeNumber = ([min, max]: readonly [number, number]) =>
  z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().min(min).max(max));

export const httpUrl = z.url({ protocol: /^https?$/ });

/** BRAND_NAME: the brand in e-mails ("<brand> Client Portal"); the API's and the operator's command's. */
export const brandNameValue = z.string().trim().min(1).max(60).default('Harbour Vets');
