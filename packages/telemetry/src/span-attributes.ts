/**
 * What a trace span may carry out of the process (decision 0071): an allow-list of attribute names, so an
 * instrumentation that starts recording something new (a header, a query string, a client's address, a
 * query's parameters) sends nothing until it is added here. Paths keep only their first segment, the
 * area every route starts with: the rest holds ids, and a guest hold's id is its holder's secret. The
 * route template (`http.route`) says the rest. pg's statement is parameterised SQL, never its values.
 */
const keptAttributes = new Set([
  'http.request.method',
  'http.response.status_code',
  'http.route',
  'url.scheme',
  'server.address',
  'server.port',
  'network.protocol.version',
  'error.type',
  'db.system',
  'db.system.name',
  'db.namespace',
  'db.name',
  'db.statement',
  'db.query.text',
  'db.operation.name',
  'db.collection.name',
  'db.client.connection.pool.name',
  'net.peer.name',
  'net.peer.port',
  'fastify.root',
  'fastify.type',
  'hook.name',
  'service.name',
  'next.route',
  'next.span_type',
]);

/** A path cut to its first segment: `/bff/pets/123?x=1` → `/bff/…` (the BFF's prefix keeps one more). */
export function pathArea(path: string): string {
  const withoutQuery = path.split(/[?#]/, 1)[0] ?? '';
  const segments = withoutQuery.split('/').filter((segment) => segment !== '');
  const kept = segments[0] === 'bff' ? 2 : 1;
  const shown = segments.slice(0, kept).join('/');
  return `/${shown}${segments.length > kept ? '/…' : ''}`;
}

/**
 * A span's name without data: Next.js names its fetch spans after the whole URL (`fetch GET
 * http://api:4000/pre-signup/check?email=…`), so every URL in a name is cut to its origin and area, and
 * any query string left goes.
 */
export function exportableSpanName(name: string): string {
  return name
    .replace(/\bhttps?:\/\/[^\s]+/g, (url) =>
      URL.canParse(url) ? `${new URL(url).origin}${pathArea(new URL(url).pathname)}` : '[url]',
    )
    .replace(/\?[^\s]*/g, '?…');
}

/** The attributes a span may export: the allow-list, with paths and URLs cut to their area. */
export function exportableSpanAttributes(
  attributes: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== undefined && keptAttributes.has(name)) kept[name] = value;
  }
  const path = attributes['url.path'];
  if (typeof path === 'string') kept['url.path'] = pathArea(path);
  const spanName = attributes['next.span_name'];
  if (typeof spanName === 'string') kept['next.span_name'] = exportableSpanName(spanName);
  const full = attributes['url.full'];
  if (typeof full === 'string' && URL.canParse(full)) {
    const url = new URL(full);
    kept['url.full'] = `${url.origin}${pathArea(url.pathname)}`;
  }
  return kept;
}

interface SpanShape {
  readonly name: string;
  readonly attributes: Readonly<Record<string, unknown>>;
  readonly events: readonly { name: string; attributes?: Readonly<Record<string, unknown>> }[];
  readonly status: { code: number; message?: string };
}

/**
 * The span as it may leave the process: its name without URLs' data, its attributes through the
 * allow-list, its events (an
 * exception's message and stack can quote the data involved) reduced to their name and exception type,
 * and no status message (an error's message, for the same reason). Everything else is the span's own.
 */
export function exportableSpan<S extends SpanShape>(span: S): S {
  return Object.create(span, {
    name: { value: exportableSpanName(span.name), enumerable: true },
    attributes: { value: exportableSpanAttributes(span.attributes), enumerable: true },
    events: {
      value: span.events.map((event) => ({
        ...event,
        attributes:
          typeof event.attributes?.['exception.type'] === 'string'
            ? { 'exception.type': event.attributes['exception.type'] }
            : {},
      })),
      enumerable: true,
    },
    status: { value: { code: span.status.code }, enumerable: true },
  }) as S;
}
