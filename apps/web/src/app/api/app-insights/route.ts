import { telemetryConfigSchema } from '@vet/contracts/runtime-config';
import { toTelemetryConfig } from '@/config/public-config';
import { getServerConfig } from '@/config/server';

/** GET /api/app-insights (R7.1): where render errors go, and the telemetry tags. */
export function GET(): Response {
  const body = telemetryConfigSchema.parse(toTelemetryConfig(getServerConfig()));
  return Response.json(body, { headers: { 'Cache-Control': 'no-store' } });
}
