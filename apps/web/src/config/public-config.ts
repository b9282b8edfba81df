import type { RuntimeConfig, TelemetryConfig } from '@vet/contracts/runtime-config';
import { appVersion, telemetryApplicationTag } from '../shared/app-version';
import type { ServerConfig } from './server';

/**
 * The browser reaches the API only through this app's same-origin proxy, so the API base URL it is told
 * is the proxy's path, never API_URL.
 */
export const browserApiBasePath = '/bff';

/** GET /api/config: public values only, never a secret. */
export function toRuntimeConfig(config: ServerConfig): RuntimeConfig {
  return {
    apiUrl: browserApiBasePath,
    auth: {
      domain: config.auth.domain,
      clientId: config.auth.clientId,
      audience: config.auth.audience,
      scope: config.auth.scope,
    },
  };
}

/** GET /api/app-insights. */
export function toTelemetryConfig(config: ServerConfig): TelemetryConfig {
  return {
    errorReportingUrl: config.errorReportingUrl,
    applicationTag: telemetryApplicationTag,
    version: appVersion,
  };
}
