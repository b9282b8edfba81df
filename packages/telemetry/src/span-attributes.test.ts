import { describe, expect, it } from 'vitest';
import { exportableSpan, exportableSpanAttributes, exportableSpanName, pathArea } from './span-attributes.ts';

describe('the attributes a trace span may export', () => {
  it('keeps the method, status, route, database and SQL text', () => {
    const attributes = {
      'http.request.method': 'GET',
      'http.response.status_code': 200,
      'http.route': '/v2/pets/:petId',
      'db.system.name': 'postgresql',
      'db.query.text': 'select "id" from "pets" where "id" = $1',
    };
    expect(exportableSpanAttributes(attributes)).toEqual(attributes);
  });

  it('drops query strings, headers, addresses, user agents and query parameters', () => {
    expect(
      exportableSpanAttributes({
        'url.query': '?email=olivia@example.com',
        'http.target': '/v2/pre-signup/check?lastName=Shah',
        'http.request.header.authorization': ['Bearer x'],
        'client.address': '203.0.113.9',
        'network.peer.address': '203.0.113.9',
        'user_agent.original': 'Mozilla/5.0',
        'db.query.parameter.0': 'Shah',
        'db.postgresql.values': ['Shah'],
        'something.new': 'x',
      }),
    ).toEqual({});
  });

  it('cuts paths and URLs to their area: ids, hold ids and query strings stay behind', () => {
    expect(
      exportableSpanAttributes({
        'url.path': '/guest-holds/5b0c7c9e-1f0b-4c52-9a4e-1c9a7c1e2f3a',
        'url.full': 'http://127.0.0.1:4000/pre-signup/check?email=olivia%40example.com',
      }),
    ).toEqual({ 'url.path': '/guest-holds/…', 'url.full': 'http://127.0.0.1:4000/pre-signup/…' });
    expect(pathArea('/bff/pets/123?x=1')).toBe('/bff/pets/…');
    expect(pathArea('/bff/practices')).toBe('/bff/practices');
    expect(pathArea('/healthz?x=1')).toBe('/healthz');
    expect(pathArea('/')).toBe('/');
  });
});

describe('a span as it leaves the process', () => {
  it("keeps the span's own fields, its events' names and exception types, and no error message", () => {
    const span = {
      name: 'pg.query:SELECT portal',
      spanContext: () => ({ traceId: 't' }),
      attributes: { 'db.query.text': 'select 1', 'db.query.parameter.0': 'Shah' },
      events: [
        {
          name: 'exception',
          attributes: { 'exception.type': 'DatabaseError', 'exception.message': 'Key (email)=(o@x.example)' },
        },
      ],
      status: { code: 2, message: 'Key (email)=(o@x.example) already exists' },
    };
    const exported = exportableSpan(span);
    expect(exported.name).toBe(span.name);
    expect(exported.spanContext()).toEqual({ traceId: 't' });
    expect(exported.attributes).toEqual({ 'db.query.text': 'select 1' });
    expect(exported.events).toEqual([
      { name: 'exception', attributes: { 'exception.type': 'DatabaseError' } },
    ]);
    expect(exported.status).toEqual({ code: 2 });
  });
});

describe("a span's name", () => {
  it("keeps no query string or ids of a URL in it (Next.js names a fetch's span after its URL)", () => {
    const name = 'fetch GET http://127.0.0.1:4000/pre-signup/check?email=someone%40example.com';
    expect(exportableSpanName(name)).toBe('fetch GET http://127.0.0.1:4000/pre-signup/…');
    expect(exportableSpanName('fetch POST https://api.internal/guest/soft-bookings/3f0c9a52/extend')).toBe(
      'fetch POST https://api.internal/guest/…',
    );
    expect(exportableSpanName('GET /bff/[...path]')).toBe('GET /bff/[...path]');
    expect(exportableSpanName('render /pets?name=Rex')).toBe('render /pets?…');
    expect(exportableSpanAttributes({ 'next.span_name': name })).toEqual({
      'next.span_name': 'fetch GET http://127.0.0.1:4000/pre-signup/…',
    });
  });
});
