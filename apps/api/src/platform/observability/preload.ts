/**
 * The API's traces, loaded before the server (`node --import` this file: scripts/production/start-api.sh,
 * decision 0071): the instrumentations must hook pg before the server's modules import it. Off unless
 * OTEL_EXPORTER_OTLP_ENDPOINT names a collector; then spans go there over OTLP/HTTP in batches, with the
 * standard OTEL_* variables (OTEL_EXPORTER_OTLP_HEADERS, OTEL_BSP_SCHEDULE_DELAY, OTEL_TRACES_SAMPLER, …)
 * honoured.
 */
// eslint-disable-next-line no-restricted-properties -- runs before the app and its config exist
const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
if (endpoint) {
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
  const { startApiTracing } = await import('./tracing.ts');
  const { ExportableSpanExporter } = await import('@vet/telemetry/exportable-span-exporter');
  await startApiTracing({ traceExporter: new ExportableSpanExporter(new OTLPTraceExporter()) });
}

export {};
