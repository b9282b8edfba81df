import { describe, expect, it, vi } from 'vitest';
import { bffDevelopmentPrefixes, bffForwardedPrefixes, bffRefusedPrefixes } from '@vet/contracts/bff-paths';
import { buildUpstreamUrl, isForwardedPath, maxRequestBodyBytes, proxyToApi } from './proxy';

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
const portalUrl = 'http://localhost:3000';
const sameOrigin = { origin: 'http://localhost:3000' };
const quiet = { log: () => undefined, portalUrl };

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
        ...sameOrigin,
        'content-type': 'application/json',
        accept: 'application/json',
        'x-nocache': 'true',
        'x-refreshcache': 'true',
        'idempotency-key': 'key-1',
        // The browser's own claim is dropped; the address the web server saw is sent instead.
        'x-forwarded-for': '198.51.100.1',
        'x-portal-peer': 'start-up-token 203.0.113.9',
        cookie: 'next-auth.session-token=secret',
        authorization: 'Bearer from-the-browser',
        'x-other': 'dropped',
      },
      body: JSON.stringify({ petId: 1 }),
    });

    await proxyToApi(request, ['appointments'], {
      apiUrl,
      fetch: api.fetch,
      peerToken: 'start-up-token',
      ...quiet,
    });

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
      traceparent: expect.stringMatching(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/) as string,
    });
  });

  it("passes the request's id to the API as the trace id of a traceparent (decision 0071)", async () => {
    const requestId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const api = fakeApi(() => Response.json([]));
    const send = (headers: Record<string, string>) =>
      proxyToApi(new Request('http://localhost/bff/online-practices', { headers }), ['online-practices'], {
        apiUrl,
        fetch: api.fetch,
        ...quiet,
      });
    await send({ 'x-request-id': requestId, traceparent: `00-${'1'.repeat(32)}-${'2'.repeat(16)}-01` });
    await send({ 'x-request-id': 'not-an-id' });
    const [first, second] = api.calls.map((call) => new Headers(call.init.headers));
    // The id the portal's server gave the request, never a traceparent or request id the browser sent.
    expect(first?.get('traceparent')).toMatch(new RegExp(`^00-${requestId}-[0-9a-f]{16}-01$`));
    expect(first?.get('x-request-id')).toBeNull();
    expect(second?.get('traceparent')).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(second?.get('traceparent')).not.toContain(requestId);
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
      new Request('http://localhost/bff/appointments/1/cancel', { method: 'PATCH', headers: sameOrigin }),
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
      portalUrl,
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

  it('logs a failed or slow call by its API area, never the ids in its path (a hold id is a secret)', async () => {
    const holdId = '3f0c9a52-6f1e-4c8e-9d7a-2b1e5c4d7a90';
    const segments = ['guest', 'soft-bookings', holdId, 'extend'];
    const request = () =>
      new Request(`http://localhost:3000/bff/${segments.join('/')}`, { method: 'POST', headers: sameOrigin });
    const lines: string[] = [];
    const log = (line: string) => void lines.push(line);
    const down = fakeApi(() => Promise.reject(new TypeError('fetch failed')));
    await proxyToApi(request(), segments, { apiUrl, portalUrl, fetch: down.fetch, log });
    const slow = fakeApi(
      (init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
        }),
    );
    await proxyToApi(request(), segments, { apiUrl, portalUrl, fetch: slow.fetch, log, timeoutMs: 20 });
    expect(lines).toEqual(['BFF: POST /guest/… failed: fetch failed', 'BFF: POST /guest/… timed out']);
  });

  it("logs no query string that a failure's message quotes (pre-signup checks carry an e-mail address)", async () => {
    const lines: string[] = [];
    const failing = fakeApi(() =>
      Promise.reject(
        new TypeError(`Failed to parse URL from ${apiUrl}/pre-signup/check?email=o%40b.example`),
      ),
    );
    await proxyToApi(
      new Request('http://localhost:3000/bff/pre-signup/check?email=o%40b.example'),
      ['pre-signup', 'check'],
      { apiUrl, portalUrl, fetch: failing.fetch, log: (line) => void lines.push(line) },
    );
    expect(lines).toEqual([
      `BFF: GET /pre-signup/… failed: Failed to parse URL from ${apiUrl}/pre-signup/check?…`,
    ]);
  });

  it('answers 503 in the API error shape, without calling the API, when the session cannot be read', async () => {
    const api = fakeApi(() => Response.json([]));
    const log = vi.fn();
    const databaseDown = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });

    const response = await proxyToApi(new Request('http://localhost/bff/client'), ['client'], {
      apiUrl,
      portalUrl,
      fetch: api.fetch,
      log,
      attachAccessToken: () => Promise.reject(databaseDown),
    });

    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'The service is unavailable. Please try again shortly.',
    });
    expect(api.calls).toHaveLength(0);
    expect(log).toHaveBeenCalledWith('BFF: the session could not be read: Error');
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
      new Request('http://localhost/bff/client', {
        method: 'POST',
        headers: sameOrigin,
        body: 'x'.repeat(1_048_577),
      }),
      ['client'],
      { apiUrl, fetch: api.fetch, ...quiet },
    );
    expect(response.status).toBe(413);
    expect(api.calls).toHaveLength(0);
  });

  it('refuses a chunked body without Content-Length once it passes 1 MiB, and stops reading', async () => {
    const api = fakeApi(() => Response.json({}));
    const chunk = new Uint8Array(64 * 1024);
    const chunksBeforeLimit = maxRequestBodyBytes / chunk.byteLength;
    let pulled = 0;
    let cancelled = false;
    // An endless stream: the proxy must stop by itself rather than read it to the end.
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(chunk);
      },
      cancel() {
        cancelled = true;
      },
    });
    const request = new Request('http://localhost/bff/client', {
      method: 'POST',
      headers: sameOrigin,
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(request.headers.get('content-length')).toBeNull();

    const response = await proxyToApi(request, ['client'], { apiUrl, fetch: api.fetch, ...quiet });

    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'The request is too large.',
    });
    expect(api.calls).toHaveLength(0);
    expect(cancelled).toBe(true);
    // A little read-ahead is fine; reading on to the end of the stream is not.
    expect(pulled).toBeLessThan(chunksBeforeLimit + 4);
  });

  it('forwards a streamed body at the limit', async () => {
    const api = fakeApi(() => new Response(null, { status: 204 }));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(maxRequestBodyBytes / 2).fill(120));
        controller.enqueue(new Uint8Array(maxRequestBodyBytes / 2).fill(121));
        controller.close();
      },
    });
    const request = new Request('http://localhost/bff/client', {
      method: 'POST',
      headers: sameOrigin,
      body: stream,
      duplex: 'half',
    } as RequestInit);

    const response = await proxyToApi(request, ['client'], { apiUrl, fetch: api.fetch, ...quiet });

    expect(response.status).toBe(204);
    const sent = new Uint8Array(api.calls[0]?.init.body as ArrayBuffer);
    expect(sent.byteLength).toBe(maxRequestBodyBytes);
    expect(sent[0]).toBe(120);
    expect(sent[maxRequestBodyBytes - 1]).toBe(121);
  });
});

describe('proxyToApi: writes only from the portal', () => {
  const forbidden = {
    statusCode: 403,
    error: 'Forbidden',
    message: 'This request did not come from the portal.',
  };

  async function send(method: string, headers: Record<string, string>) {
    const api = fakeApi(() => new Response(null, { status: 204 }));
    const response = await proxyToApi(
      new Request('http://localhost:3000/bff/appointments/1/cancel', { method, headers }),
      ['appointments', '1', 'cancel'],
      { apiUrl, fetch: api.fetch, ...quiet },
    );
    return { response, calls: api.calls };
  }

  it.each([
    ['a cross-site Origin', { origin: 'https://evil.example' }],
    ['a null Origin', { origin: 'null' }],
    ['the portal host on another port', { origin: 'http://localhost:3001' }],
    ['neither Origin nor Sec-Fetch-Site', {}],
    ['Sec-Fetch-Site same-site (another subdomain is not us)', { 'sec-fetch-site': 'same-site' }],
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
    [
      'a cross-site Origin even with Sec-Fetch-Site same-origin',
      {
        origin: 'https://evil.example',
        'sec-fetch-site': 'same-origin',
      },
    ],
  ])('refuses a write with %s (403, nothing sent to the API)', async (_label, headers) => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const { response, calls } = await send(method, headers);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual(forbidden);
      expect(calls).toHaveLength(0);
    }
  });

  it.each([
    ['the portal Origin', { origin: 'http://localhost:3000' }],
    ['no Origin but Sec-Fetch-Site same-origin', { 'sec-fetch-site': 'same-origin' }],
  ])('forwards a write with %s', async (_label, headers) => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const { response, calls } = await send(method, headers);
      expect(response.status).toBe(204);
      expect(calls).toHaveLength(1);
    }
  });

  it('does not check reads', async () => {
    const { response, calls } = await send('GET', { origin: 'https://evil.example' });
    expect(response.status).toBe(204);
    expect(calls).toHaveLength(1);
  });
});

describe('proxyToApi: only the API areas the browser uses', () => {
  it('forwards exactly these first segments, and dev only when development routes are on', () => {
    expect([...bffForwardedPrefixes].sort()).toEqual([
      'address-lookup',
      'appointments',
      'client',
      'earlier-time-offer',
      'guest',
      'lookup',
      'manage-link',
      'online-practices',
      'practices',
      'pre-signup',
      'prescription-requests',
      'signup',
      'signup-v2',
      'telemetry',
      'v2',
    ]);
    expect(bffDevelopmentPrefixes).toEqual(['dev']);
    for (const prefix of bffForwardedPrefixes) {
      expect(isForwardedPath([prefix, 'x'])).toBe(true);
    }
    expect(isForwardedPath(['dev', 'mailbox'])).toBe(false);
    expect(isForwardedPath(['dev', 'mailbox'], true)).toBe(true);
  });

  it.each([...bffRefusedPrefixes, 'metrics', 'admin', 'CLIENT', 'v3'])(
    'answers 404 for /bff/%s without calling the API',
    async (prefix) => {
      const api = fakeApi(() => Response.json({}));
      const response = await proxyToApi(new Request(`http://localhost/bff/${prefix}`), [prefix, 'json'], {
        apiUrl,
        fetch: api.fetch,
        ...quiet,
      });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'There is nothing at this address.',
      });
      expect(api.calls).toHaveLength(0);
    },
  );

  it('forwards /bff/dev only with development routes on (DEV_ROUTES): never in production', async () => {
    const api = fakeApi(() => Response.json([]));
    const dev = () => new Request('http://localhost/bff/dev/mailbox');
    const options = { apiUrl, fetch: api.fetch, ...quiet };
    expect((await proxyToApi(dev(), ['dev', 'mailbox'], options)).status).toBe(404);
    expect(api.calls).toHaveLength(0);
    const local = { ...options, developmentRoutes: true };
    expect((await proxyToApi(dev(), ['dev', 'mailbox'], local)).status).toBe(200);
    expect(api.calls).toHaveLength(1);
  });
});
