import { z } from 'zod';
import { maxSerialId } from './id-rules.ts';

export * from './id-rules.ts';

/** A database serial id in a path or query: a positive whole number within PostgreSQL's int4 range. */
export const serialIdParam = z.coerce.number().int().positive().max(maxSerialId);

/** A database serial id in a JSON body: a number (never a numeric string), within the int4 range. */
export const serialId = z.number().int().positive().max(maxSerialId);
