import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace';
import { exportableSpan } from '@vet/contracts/span-attributes';

/** An exporter that sends only what a span may carry out (packages/contracts/src/span-attributes.ts). */
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
