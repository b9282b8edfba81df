import { runtimeConfigSchema } from '@vet/contracts/runtime-config';
import { toRuntimeConfig } from '@/config/public-config';
import { getServerConfig } from '@/config/server';

/** GET /api/config (R7.1): the API base path and the public auth settings. No secrets. */
export function GET(): Response {
  const body = runtimeConfigSchema.parse(toRuntimeConfig(getServerConfig()));
  return Response.json(body, { headers: { 'Cache-Control': 'no-store' } });
}
