/**
 * The web's traces, loaded before the portal's server (`node --import` its bundle: scripts/production/
 * start-web.sh, decision 0071), so the instrumentations are in place before Next.js and pg load. Off
 * unless OTEL_EXPORTER_OTLP_ENDPOINT names a collector; then spans go there over OTLP/HTTP in batches,
 * with the standard OTEL_* variables (OTEL_EXPORTER_OTLP_HEADERS, OTEL_BSP_SCHEDULE_DELAY,
 * OTEL_TRACES_SAMPLER, …) honoured.
 */
// eslint-disable-next-line no-restricted-properties -- runs before the app and its config exist
const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
if (endpoint) {
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
  const { startWebTracing } = await import('./tracing');
  const { ExportableSpanExporter } = await import('@vet/telemetry/exportable-span-exporter');
  await startWebTracing({ traceExporter: new ExportableSpanExporter(new OTLPTraceExporter()) });
}

export {};
