import { z } from 'zod';

/** GET /healthz (the process is alive) and GET /readyz (it can reach its database). */
export const healthResponseSchema = z.object({ status: z.literal('ok') });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/**
 * GET /health/connectors (decision 0130): each configured connector's health, from its state row. It
 * answers 503 (the error shape) when one is failing, so an orchestrator or an alert can watch it apart from
 * /readyz: a practice system being down never takes the API out of service.
 */
export const connectorHealthSchema = z.object({
  name: z.string(),
  /** When a pass last read every kind to its end; null: never yet. */
  last_good_pass_at: z.iso.datetime({ offset: true }).nullable(),
  /** Seconds since then (since the connector started, when it has had none): its lag. */
  lag_seconds: z.number().int().nonnegative(),
  failed_passes: z.number().int().nonnegative(),
  /** The last failed pass's cause, a code: unavailable, auth_failed, unknown_answer or internal. */
  last_failure: z.string().nullable(),
  failing: z.boolean(),
});
export const connectorHealthResponseSchema = z.object({
  status: z.literal('ok'),
  connectors: z.array(connectorHealthSchema),
});
export type ConnectorHealthResponse = z.infer<typeof connectorHealthResponseSchema>;
