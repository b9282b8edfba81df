import { randomUUID } from 'node:crypto';

/**
 * The request id that joins one request's log lines across the web, the API and the identity provider
 * (decision 0071): the W3C trace id of the request's `traceparent`. The BFF always sends one (the
 * OpenTelemetry SDK's when tracing is on, else `traceparentFor`), and the receiving app reads the id
 * from it, so the id is a trace id too and needs no header of its own.
 */

/** version-traceid-parentid-flags, lowercase hex; an all-zero trace or parent id is invalid (W3C). */
const traceparentPattern = /^00-(?!0{32})([0-9a-f]{32})-(?!0{16})[0-9a-f]{16}-[0-9a-f]{2}$/;

/**
 * A new id in the shape of a trace id: 32 hex digits, 122 of their bits random (a version 4 UUID's).
 * randomUUID draws on a cached batch of entropy: a sixth of randomBytes(16)'s cost, on every request.
 */
export function newRequestId(): string {
  return randomUUID().replaceAll('-', '');
}

/** The trace id of a well-formed `traceparent` header, or undefined. */
export function traceIdFromTraceparent(header: string | string[] | undefined | null): string | undefined {
  if (typeof header !== 'string') return undefined;
  return traceparentPattern.exec(header.trim())?.[1];
}

/** The request id for an incoming request: its traceparent's trace id, or a new one. */
export function requestIdFor(traceparent: string | string[] | undefined | null): string {
  return traceIdFromTraceparent(traceparent) ?? newRequestId();
}

/**
 * A `traceparent` carrying this request id as its trace id, for a hop no tracer propagates: sampled, so
 * an API that traces keeps its spans in the web request's trace.
 */
export function traceparentFor(requestId: string): string {
  return `00-${requestId}-${randomUUID().replaceAll('-', '').slice(0, 16)}-01`;
}
