import { z } from 'zod';

/** The kinds of environment value more than one part of the API's config reads (api-config.ts). */

/** A whole number written in decimal digits, within [min, max]. */
export const wholeNumber = ([min, max]: readonly [number, number]) =>
  z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().min(min).max(max));

export const httpUrl = z.url({ protocol: /^https?$/ });
