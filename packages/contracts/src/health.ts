import { z } from 'zod';

/** GET /healthz (the process is alive) and GET /readyz (it can reach its database). */
export const healthResponseSchema = z.object({ status: z.literal('ok') });
export type HealthResponse = z.infer<typeof healthResponseSchema>;
