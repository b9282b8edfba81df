import type { TelemetryConfig } from '@vet/contracts/runtime-config';
import type { RenderErrorReport } from '@vet/contracts/telemetry';

/**
 * Reports a render error caught by an error boundary (R4.14) to the configured error-reporting URL.
 * The report holds no personal data: the error's message (truncated), the server's digest, and the path
 * without its query string (which can carry codes, e-mail addresses or client ids). Failures are
 * ignored: reporting must never break the error screen.
 */

const maxMessageLength = 500;

export function buildRenderErrorReport(error: unknown, path: string): RenderErrorReport {
  const message =
    error instanceof Error ? error.message : typeof error === 'string' ? error : 'Unknown error';
  const digest =
    typeof error === 'object' && error !== null && 'digest' in error && typeof error.digest === 'string'
      ? error.digest
      : undefined;
  return {
    message: message.slice(0, maxMessageLength),
    ...(digest ? { digest } : {}),
    path: path.split(/[?#]/)[0] ?? '/',
  };
}

/** Only the field this module uses is checked (by hand: zod stays out of the browser, decision 0032). */
function readTelemetryConfig(body: unknown): TelemetryConfig | null {
  if (typeof body !== 'object' || body === null) return null;
  const { errorReportingUrl } = body as Partial<Record<keyof TelemetryConfig, unknown>>;
  return typeof errorReportingUrl === 'string' ? (body as TelemetryConfig) : null;
}

let telemetryConfig: Promise<TelemetryConfig | null> | undefined;

/** GET /api/app-insights once per page load (R9.4: cached indefinitely). */
function loadTelemetryConfig(fetchFn: typeof fetch): Promise<TelemetryConfig | null> {
  telemetryConfig ??= fetchFn('/api/app-insights', { headers: { accept: 'application/json' } })
    .then((response) => (response.ok ? (response.json() as Promise<unknown>) : null))
    .then(readTelemetryConfig)
    .catch(() => null);
  return telemetryConfig;
}

export async function sendRenderErrorReport(
  report: RenderErrorReport,
  deps: { fetch: typeof fetch; sendBeacon?: (url: string, data: Blob) => boolean },
): Promise<void> {
  const config = await loadTelemetryConfig(deps.fetch);
  if (!config) return;
  const payload = JSON.stringify(report);
  const sent = deps.sendBeacon?.(config.errorReportingUrl, new Blob([payload], { type: 'application/json' }));
  if (sent) return;
  await deps.fetch(config.errorReportingUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: payload,
    keepalive: true,
  });
}

/** Fire and forget, from an error boundary's effect. */
export function reportRenderError(error: unknown): void {
  if (typeof window === 'undefined') return;
  const report = buildRenderErrorReport(error, window.location.pathname);
  const sendBeacon =
    typeof navigator.sendBeacon === 'function' ? navigator.sendBeacon.bind(navigator) : undefined;
  sendRenderErrorReport(report, { fetch: window.fetch.bind(window), sendBeacon }).catch(() => undefined);
}

/** For tests: forget the loaded telemetry configuration. */
export function resetTelemetryConfigForTests(): void {
  telemetryConfig = undefined;
}
