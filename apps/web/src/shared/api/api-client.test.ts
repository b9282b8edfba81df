import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, UnexpectedResponseError } from './api-client';

type Call = { url: string; init: RequestInit };

function fakeFetch(response: () => Response) {
  const calls: Call[] = [];
  const fetchFn = vi.fn((input: string | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init: init ?? {} });
    return Promise.resolve(response());
  });
  return { fetch: fetchFn as unknown as typeof fetch, calls };
}

/** A minimal sessionStorage stand-in: the unit project runs in node, which has none. */
function fakeStorage(items: Record<string, string>) {
  return { getItem: (key: string) => items[key] ?? null };
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

type Practice = { id: number; name: string };

describe('createApiClient', () => {
  it('calls the base path with JSON headers and answers the body as sent', async () => {
    const { fetch, calls } = fakeFetch(() => json({ id: 1, name: 'Harbour Road' }));
    const api = createApiClient({ fetch, getStorage: () => fakeStorage({}) });

    const practice = await api.get<Practice>('/practices/1', { query: { petId: 7, from: undefined } });

    expect(practice).toEqual({ id: 1, name: 'Harbour Road' });
    expect(calls[0]?.url).toBe('/bff/practices/1?petId=7');
    expect(calls[0]?.init.method).toBe('GET');
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(headers.Accept).toBe('application/json');
    expect(headers['Content-Type']).toBeUndefined();
    expect(headers['X-NoCache']).toBeUndefined();
    expect(headers['X-RefreshCache']).toBeUndefined();
  });

  it('sends a body as JSON', async () => {
    const { fetch, calls } = fakeFetch(() => json({ id: 2, name: 'Quay' }, 201));
    const api = createApiClient({ baseUrl: '/custom/', fetch, getStorage: () => undefined });

    await api.post<Practice>('appointments', { body: { petId: 3 } });

    expect(calls[0]?.url).toBe('/custom/appointments');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.body).toBe('{"petId":3}');
    expect((calls[0]?.init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('sets X-NoCache and X-RefreshCache from the session-storage flags', async () => {
    const { fetch, calls } = fakeFetch(() => json({ id: 1, name: 'A' }));
    const api = createApiClient({
      fetch,
      getStorage: () => fakeStorage({ noCache: 'true', refreshCache: '1' }),
    });

    await api.get<Practice>('/x');

    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(headers['X-NoCache']).toBe('true');
    expect(headers['X-RefreshCache']).toBe('true');
  });

  it('leaves the cache headers out when the flags are empty or false', async () => {
    const { fetch, calls } = fakeFetch(() => json({ id: 1, name: 'A' }));
    const api = createApiClient({
      fetch,
      getStorage: () => fakeStorage({ noCache: '', refreshCache: 'false' }),
    });

    await api.get<Practice>('/x');

    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(headers['X-NoCache']).toBeUndefined();
    expect(headers['X-RefreshCache']).toBeUndefined();
  });

  it('reads the global sessionStorage by default', async () => {
    vi.stubGlobal('sessionStorage', fakeStorage({ noCache: 'true' }));
    try {
      const { fetch, calls } = fakeFetch(() => json({ id: 1, name: 'A' }));
      await createApiClient({ fetch }).get<Practice>('/x');
      expect((calls[0]?.init.headers as Record<string, string>)['X-NoCache']).toBe('true');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('returns undefined for 204 No Content', async () => {
    const { fetch } = fakeFetch(() => new Response(null, { status: 204 }));
    const api = createApiClient({ fetch, getStorage: () => undefined });

    await expect(api.patch<undefined>('/appointments/4/cancel')).resolves.toBeUndefined();
  });

  it.each([
    [400, 'Bad Request'],
    [401, 'Unauthorized'],
    [403, 'Forbidden'],
    [404, 'Not Found'],
    [500, 'Internal Server Error'],
    [502, 'Bad Gateway'],
    [503, 'Service Unavailable'],
    [409, 'Generic Error'],
    [429, 'Generic Error'],
    [504, 'Generic Error'],
  ])('turns %i into an ApiError with status text %s', async (status, statusText) => {
    const body = { statusCode: status, error: 'x', message: 'Something' };
    const { fetch } = fakeFetch(() => json(body, status));
    const api = createApiClient({ fetch, getStorage: () => undefined });

    const error = await api.get<Practice>('/client').then(
      () => undefined,
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ url: '/bff/client', status, statusText, body });
  });

  it('keeps a non-JSON error body as text', async () => {
    const { fetch } = fakeFetch(() => new Response('upstream exploded', { status: 500 }));
    const api = createApiClient({ fetch, getStorage: () => undefined });

    await expect(api.get<Practice>('/client')).rejects.toMatchObject({
      status: 500,
      statusText: 'Internal Server Error',
      body: 'upstream exploded',
    });
  });

  it('tells onUnauthorized of a 401 (no valid access token: R8.2 logs it), and of no other status', async () => {
    let status = 401;
    const { fetch } = fakeFetch(() => json({ statusCode: status, error: 'x', message: 'y' }, status));
    const onUnauthorized = vi.fn();
    const api = createApiClient({ fetch, getStorage: () => undefined, onUnauthorized });

    await expect(api.get('/v2/pets')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    for (status of [400, 403, 500]) await expect(api.get('/v2/pets')).rejects.toMatchObject({ status });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('adapts a body with the caller’s reader', async () => {
    const { fetch } = fakeFetch(() => json({ id: 1, name: 'harbour road' }));
    const api = createApiClient({ fetch, getStorage: () => undefined });
    const read = (body: unknown) => {
      const practice = body as Practice;
      return { ...practice, name: practice.name.toUpperCase() };
    };

    await expect(api.get('/practices/1', { read })).resolves.toEqual({ id: 1, name: 'HARBOUR ROAD' });
  });

  it('rejects a 2xx body that is not JSON', async () => {
    const { fetch } = fakeFetch(() => new Response('<html>', { status: 200 }));
    const api = createApiClient({ fetch, getStorage: () => undefined });

    await expect(api.get<Practice>('/x')).rejects.toBeInstanceOf(UnexpectedResponseError);
  });
});
