import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace';
import { exportableSpan } from './span-attributes.ts';

/**
 * An exporter that sends only what a span may carry out (span-attributes.ts), around the one that sends
 * (the API's and the web's OTLP exporter: their tracing preloads). Server code only: it is typed by
 * @opentelemetry/sdk-trace, which the browser's pages never load.
 */
export class ExportableSpanExporter implements SpanExporter {
  constructor(private readonly exporter: SpanExporter) {}

  export(spans: ReadableSpan[], resultCallback: Parameters<SpanExporter['export']>[1]): void {
    this.exporter.export(
      spans.map((span) => exportableSpan(span)),
      resultCallback,
    );
  }

  shutdown(): Promise<void> {
    return this.exporter.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.exporter.forceFlush?.() ?? Promise.resolve();
  }
}
