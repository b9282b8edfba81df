import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
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

const practiceSchema = z.object({ id: z.number(), name: z.string() });

describe('createApiClient', () => {
  it('calls the base path with JSON headers and parses the body with the schema', async () => {
    const { fetch, calls } = fakeFetch(() => json({ id: 1, name: 'Harbour Road', extra: 'dropped' }));
    const api = createApiClient({ fetch, getStorage: () => fakeStorage({}) });

    const practice = await api.get('/practices/1', practiceSchema, { query: { petId: 7, from: undefined } });

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

    await api.post('appointments', practiceSchema, { body: { petId: 3 } });

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

    await api.get('/x', practiceSchema);

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

    await api.get('/x', practiceSchema);

    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(headers['X-NoCache']).toBeUndefined();
    expect(headers['X-RefreshCache']).toBeUndefined();
  });

  it('reads the global sessionStorage by default', async () => {
    vi.stubGlobal('sessionStorage', fakeStorage({ noCache: 'true' }));
    try {
      const { fetch, calls } = fakeFetch(() => json({ id: 1, name: 'A' }));
      await createApiClient({ fetch }).get('/x', practiceSchema);
      expect((calls[0]?.init.headers as Record<string, string>)['X-NoCache']).toBe('true');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('returns undefined for 204 No Content', async () => {
    const { fetch } = fakeFetch(() => new Response(null, { status: 204 }));
    const api = createApiClient({ fetch, getStorage: () => undefined });

    await expect(api.patch('/appointments/4/cancel', z.undefined())).resolves.toBeUndefined();
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

    const error = await api.get('/client', practiceSchema).then(
      () => undefined,
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ url: '/bff/client', status, statusText, body });
  });

  it('keeps a non-JSON error body as text', async () => {
    const { fetch } = fakeFetch(() => new Response('upstream exploded', { status: 500 }));
    const api = createApiClient({ fetch, getStorage: () => undefined });

    await expect(api.get('/client', practiceSchema)).rejects.toMatchObject({
      status: 500,
      statusText: 'Internal Server Error',
      body: 'upstream exploded',
    });
  });

  it('rejects a body that does not match the schema', async () => {
    const { fetch } = fakeFetch(() => json({ id: 'one', name: 'A' }));
    const api = createApiClient({ fetch, getStorage: () => undefined });

    const error = await api.get('/practices/1', practiceSchema).then(
      () => undefined,
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect((error as UnexpectedResponseError).issues[0]?.path).toEqual(['id']);
  });

  it('rejects a 2xx body that is not JSON', async () => {
    const { fetch } = fakeFetch(() => new Response('<html>', { status: 200 }));
    const api = createApiClient({ fetch, getStorage: () => undefined });

    await expect(api.get('/x', practiceSchema)).rejects.toBeInstanceOf(UnexpectedResponseError);
  });
});
