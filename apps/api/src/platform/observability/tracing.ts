import type { NodeSDK } from '@opentelemetry/sdk-node';
import type { SpanExporter, SpanProcessor } from '@opentelemetry/sdk-trace';

/**
 * The API's OpenTelemetry traces (decision 0071): a span per request (@fastify/otel, which continues the
 * trace of the BFF's `traceparent`) and per query (pg, which records the parameterised SQL only, never
 * its values: enhancedDatabaseReporting stays off). What a span may carry out is decided where spans are
 * exported (@vet/telemetry/exportable-span-exporter): a request's path and URL go as their first segment only.
 *
 * The packages load here, when tracing starts, not with this module: the preload's bundle would
 * otherwise load the whole SDK into every API process, tracing or not.
 */
export async function apiInstrumentations() {
  const [{ default: FastifyOtelInstrumentation }, { PgInstrumentation }] = await Promise.all([
    import('@fastify/otel'),
    import('@opentelemetry/instrumentation-pg'),
  ]);
  return [
    new FastifyOtelInstrumentation({ registerOnInitialization: true }),
    // Pool checkouts and queries outside a request (the job queue's polling) would be a trace each.
    new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
  ];
}

/**
 * Starts the SDK: with an exporter (production: the SDK batches its spans, as the OTEL_BSP_* variables
 * say), or with span processors of the caller's (a test's).
 */
export async function startApiTracing(
  output: { traceExporter: SpanExporter } | { spanProcessors: SpanProcessor[] },
): Promise<NodeSDK> {
  const { NodeSDK } = await import('@opentelemetry/sdk-node');
  const sdk = new NodeSDK({
    serviceName: 'vet-portal-api',
    ...output,
    instrumentations: await apiInstrumentations(),
    // Only traces: metrics are Prometheus's (decision 0072), logs are pino's JSON lines on stdout.
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  return sdk;
}
