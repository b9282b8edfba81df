import { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import type { NodeSDK } from '@opentelemetry/sdk-node';
import type { SpanExporter, SpanProcessor } from '@opentelemetry/sdk-trace';

/**
 * The web's OpenTelemetry traces (decision 0071): a span per request the portal's server receives (http),
 * per call it makes (undici: the BFF's calls to the API, the sign-in layer's to the provider; they carry
 * the trace on in `traceparent`), and per query of the session store (pg). What the spans may carry out is
 * decided where they are exported (@vet/telemetry/exportable-span-exporter).
 *
 * The packages load here, when tracing starts, not with this module: the preload's bundle would
 * otherwise load the whole SDK into every web process, tracing or not.
 */

/**
 * Where the request's trace id waits for the portal's server (server.mjs), which makes it the request id
 * of the request's log lines. A symbol on the request object, not a header: a header the browser could
 * have written itself.
 */
export const traceIdOfRequest = Symbol.for('vet-portal.trace-id');

export async function webInstrumentations() {
  const [{ HttpInstrumentation }, { PgInstrumentation }, { UndiciInstrumentation }] = await Promise.all([
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-undici'),
  ]);
  return [
    new HttpInstrumentation({
      requestHook: (span, request) => {
        if (request instanceof IncomingMessage) {
          (request as IncomingMessage & { [traceIdOfRequest]?: string })[traceIdOfRequest] =
            span.spanContext().traceId;
        }
      },
    }),
    new UndiciInstrumentation(),
    // A pool checkout or the session sweep's query outside a request would be a trace each.
    new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
  ];
}

/**
 * Starts the SDK: with an exporter (production: the SDK batches its spans, as the OTEL_BSP_* variables
 * say), or with span processors of the caller's (a test's, which may pass its own instrumentations too).
 */
export async function startWebTracing(
  output: { traceExporter: SpanExporter } | { spanProcessors: SpanProcessor[] },
  instrumentations?: Awaited<ReturnType<typeof webInstrumentations>>,
): Promise<NodeSDK> {
  const { NodeSDK } = await import('@opentelemetry/sdk-node');
  const sdk = new NodeSDK({
    serviceName: 'vet-portal-web',
    ...output,
    instrumentations: instrumentations ?? (await webInstrumentations()),
    // Only traces: metrics are Prometheus's, logs are pino's JSON lines on stdout.
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  // The http instrumentation patches http.Server when `http` is next required; the portal's server
  // imports it as an ES module, which that hook does not see: require it here so the patch is in place.
  createRequire(import.meta.url)('node:http');
  return sdk;
}
