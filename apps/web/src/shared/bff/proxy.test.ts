import { describe, expect, it, vi } from 'vitest';
import { buildUpstreamUrl, proxyToApi } from './proxy';

type Captured = { url: string; init: RequestInit };

function fakeApi(respond: (init: RequestInit) => Promise<Response> | Response) {
  const calls: Captured[] = [];
  const fetchFn = vi.fn(async (input: string | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init: init ?? {} });
    return respond(init ?? {});
  });
  return { fetch: fetchFn as unknown as typeof fetch, calls };
}

const apiUrl = 'http://api.internal:4000';
const quiet = { log: () => undefined };

describe('buildUpstreamUrl', () => {
  it('joins the segments onto the API URL, encoding each one', () => {
    expect(buildUpstreamUrl(apiUrl, ['v2', 'pets', 'Rex & Co'], '?a=1')).toBe(
      'http://api.internal:4000/v2/pets/Rex%20%26%20Co?a=1',
    );
  });

  it.each([[['..', 'admin']], [['pets', '.']], [['a/..', 'b']], [['a\\b']], [['']], [[]]])(
    'refuses %j',
    (segments) => {
      expect(buildUpstreamUrl(apiUrl, segments, '')).toBeNull();
    },
  );
});

describe('proxyToApi', () => {
  it('forwards method, query, body and the allowed headers only', async () => {
    const api = fakeApi(() => new Response(null, { status: 201 }));
    const request = new Request('http://localhost:3000/bff/appointments?practiceId=3', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'x-nocache': 'true',
        'x-refreshcache': 'true',
        'idempotency-key': 'key-1',
        'x-forwarded-for': '203.0.113.9',
        cookie: 'next-auth.session-token=secret',
        authorization: 'Bearer from-the-browser',
        'x-other': 'dropped',
      },
      body: JSON.stringify({ petId: 1 }),
    });

    await proxyToApi(request, ['appointments'], { apiUrl, fetch: api.fetch, ...quiet });

    const call = api.calls[0];
    expect(call?.url).toBe('http://api.internal:4000/appointments?practiceId=3');
    expect(call?.init.method).toBe('POST');
    expect(new TextDecoder().decode(call?.init.body as ArrayBuffer)).toBe('{"petId":1}');
    expect(call?.init.redirect).toBe('manual');
    expect(Object.fromEntries(new Headers(call?.init.headers).entries())).toEqual({
      'content-type': 'application/json',
      accept: 'application/json',
      'x-nocache': 'true',
      'x-refreshcache': 'true',
      'idempotency-key': 'key-1',
      'x-forwarded-for': '203.0.113.9',
    });
  });

  it('sends no body with a GET', async () => {
    const api = fakeApi(() => Response.json([]));
    await proxyToApi(new Request('http://localhost/bff/online-practices'), ['online-practices'], {
      apiUrl,
      fetch: api.fetch,
      ...quiet,
    });
    expect(api.calls[0]?.init.body).toBeUndefined();
  });

  it('passes back status, body and only the safe response headers', async () => {
    const api = fakeApi(
      () =>
        new Response('{"statusCode":404,"error":"Not Found","message":"No such pet"}', {
          status: 404,
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'cache-control': 'private, max-age=60',
            'set-cookie': 'api=1',
            'x-powered-by': 'fastify',
          },
        }),
    );

    const response = await proxyToApi(new Request('http://localhost/bff/v2/pets/9'), ['v2', 'pets', '9'], {
      apiUrl,
      fetch: api.fetch,
      ...quiet,
    });

    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'No such pet' });
    expect(Object.fromEntries(response.headers.entries())).toEqual({
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'private, max-age=60',
    });
  });

  it('passes a 204 back without a body', async () => {
    const api = fakeApi(() => new Response(null, { status: 204 }));
    const response = await proxyToApi(
      new Request('http://localhost/bff/appointments/1/cancel', { method: 'PATCH' }),
      ['appointments', '1', 'cancel'],
      { apiUrl, fetch: api.fetch, ...quiet },
    );
    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
  });

  it('answers 502 in the API error shape when the API is unreachable', async () => {
    const api = fakeApi(() => Promise.reject(new TypeError('fetch failed')));
    const log = vi.fn();

    const response = await proxyToApi(new Request('http://localhost/bff/client'), ['client'], {
      apiUrl,
      fetch: api.fetch,
      log,
    });

    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      statusCode: 502,
      error: 'Bad Gateway',
      message: 'The service is unavailable. Please try again shortly.',
    });
    expect(log).toHaveBeenCalledOnce();
  });

  it('answers 504 in the API error shape when the API is too slow', async () => {
    const api = fakeApi(
      (init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
        }),
    );

    const response = await proxyToApi(new Request('http://localhost/bff/client'), ['client'], {
      apiUrl,
      fetch: api.fetch,
      timeoutMs: 20,
      ...quiet,
    });

    expect(response.status).toBe(504);
    expect(await response.json()).toEqual({
      statusCode: 504,
      error: 'Gateway Timeout',
      message: 'The service is unavailable. Please try again shortly.',
    });
  });

  it('refuses a path that climbs out, without calling the API', async () => {
    const api = fakeApi(() => Response.json({}));
    const response = await proxyToApi(new Request('http://localhost/bff/x'), ['..', 'admin'], {
      apiUrl,
      fetch: api.fetch,
      ...quiet,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(api.calls).toHaveLength(0);
  });

  it('refuses an oversized body with 413', async () => {
    const api = fakeApi(() => Response.json({}));
    const response = await proxyToApi(
      new Request('http://localhost/bff/client', { method: 'POST', body: 'x'.repeat(1_048_577) }),
      ['client'],
      { apiUrl, fetch: api.fetch, ...quiet },
    );
    expect(response.status).toBe(413);
    expect(api.calls).toHaveLength(0);
  });
});
