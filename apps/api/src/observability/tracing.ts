import FastifyOtelInstrumentation from '@fastify/otel';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';
import type { SpanExporter, SpanProcessor } from '@opentelemetry/sdk-trace';
import { serializeRequest } from '../http/index.ts';

/**
 * The API's OpenTelemetry traces (decision 0071): a span per request (@fastify/otel, which continues the
 * trace of the BFF's `traceparent`) and per query (pg). Spans hold no personal data: the request's path
 * is recorded as its route template (a query string or an id in a path can be personal, and a guest
 * hold's id is a secret: see log-serializers.ts), and pg records the parameterised SQL only, never its
 * values (enhancedDatabaseReporting stays off).
 */
export function apiInstrumentations() {
  return [
    new FastifyOtelInstrumentation({
      registerOnInitialization: true,
      requestHook: (span, request) => {
        span.setAttribute('url.path', serializeRequest(request).url ?? '');
      },
    }),
    // Pool checkouts and queries outside a request (the job queue's polling) would be a trace each.
    new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
  ];
}

/**
 * Starts the SDK: with an exporter (production: the SDK batches its spans, as the OTEL_BSP_* variables
 * say), or with span processors of the caller's (a test's).
 */
export function startApiTracing(
  output: { traceExporter: SpanExporter } | { spanProcessors: SpanProcessor[] },
): NodeSDK {
  const sdk = new NodeSDK({
    serviceName: 'vet-portal-api',
    ...output,
    instrumentations: apiInstrumentations(),
    // Only traces: metrics are Prometheus's (decision 0071), logs are pino's JSON lines on stdout.
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  return sdk;
}
