import type { RuntimeConfig, TelemetryConfig } from '@vet/contracts/runtime-config';
import { telemetryApplicationTag } from '@vet/contracts/telemetry-tag';
import { appVersion } from './app-version';
import { browserApiBasePath } from './bff-base-path';
import type { ServerConfig } from './server';

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
