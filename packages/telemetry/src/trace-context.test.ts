import { describe, expect, it } from 'vitest';
import { newRequestId, requestIdFor, traceIdFromTraceparent, traceparentFor } from './trace-context.ts';

const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';

describe('request ids from W3C trace context', () => {
  it('reads the trace id of a well-formed traceparent, and makes a traceparent that carries it', () => {
    expect(traceIdFromTraceparent(`00-${traceId}-00f067aa0ba902b7-01`)).toBe(traceId);
    const made = traceparentFor(traceId);
    expect(made).toMatch(/^00-4bf92f3577b34da6a3ce929d0e0e4736-[0-9a-f]{16}-01$/);
    expect(requestIdFor(made)).toBe(traceId);
  });

  it('takes nothing else from the header: anything malformed gets a new id', () => {
    for (const header of [
      undefined,
      null,
      ['a', 'b'],
      '',
      `00-${traceId}`,
      `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`,
      `00-${traceId}-${'0'.repeat(16)}-01`,
      `00-${traceId.toUpperCase()}-00f067aa0ba902b7-01`,
      `00-${traceId}-00f067aa0ba902b7-01 {"level":60}`,
      `00-${traceId}-00f067aa0ba902b7-01\n`.repeat(2),
    ]) {
      expect(traceIdFromTraceparent(header)).toBeUndefined();
      expect(requestIdFor(header)).toMatch(/^[0-9a-f]{32}$/);
      expect(requestIdFor(header)).not.toBe(traceId);
    }
  });

  it('makes a different id each time', () => {
    expect(newRequestId()).not.toBe(newRequestId());
  });
});
