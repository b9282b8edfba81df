import { z } from 'zod';

/** A database serial id in a path or query: a positive whole number within PostgreSQL's int4 range. */
export const serialIdParam = z.coerce.number().int().positive().max(2_147_483_647);
