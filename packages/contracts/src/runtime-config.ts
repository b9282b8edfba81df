import { z } from 'zod';
import { telemetryApplicationTag } from './telemetry.ts';

/** GET /api/config (R7.1): the API base URL and the public auth settings. Never a secret. */
export const runtimeConfigSchema = z.object({
  apiUrl: z.string(),
  auth: z.object({
    domain: z.string(),
    clientId: z.string(),
    audience: z.string(),
    scope: z.string(),
  }),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

/** GET /api/app-insights: where the browser reports render errors, and the telemetry tags. */
export const telemetryConfigSchema = z.object({
  errorReportingUrl: z.string(),
  applicationTag: z.literal(telemetryApplicationTag),
  version: z.string(),
});
export type TelemetryConfig = z.infer<typeof telemetryConfigSchema>;
