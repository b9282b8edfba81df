import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listPracticeEvents } from './generated/sdk.gen.ts';
import { clientCredentials, createIntegrationClient, TokenRequestError } from './integration-client.ts';

/**
 * The token half of the client: a provider's token endpoint (any provider's, not ours alone) answered by
 * a fetch of the test's, on a clock the test moves. The whole way, against the real identity provider and
 * API, is the walkthrough's test (scripts/integration-walkthrough.integration.test.ts).
 */

const options = {
  apiUrl: 'https://portal.example.org',
  tokenUrl: 'https://login.example.org/oauth/token',
  clientId: 'pms north',
  clientSecret: 's3cret:with/odd=chars',
};

let tokenRequests: Request[];
let apiRequests: Request[];
let tokenStatus: number;

/** A token endpoint issuing token-1, token-2… for 600 seconds each, and an API answering an empty feed. */
const fakeFetch = vi.fn((input: string | URL | Request, init?: RequestInit) => {
  const request = new Request(input, init);
  if (request.url !== options.tokenUrl) {
    apiRequests.push(request);
    return Promise.resolve(Response.json({ events: [], next_after: '0' }));
  }
  tokenRequests.push(request);
  return Promise.resolve(
    tokenStatus === 200
      ? Response.json({ access_token: `token-${tokenRequests.length}`, expires_in: 600 })
      : new Response('{"error":"invalid_client"}', { status: tokenStatus }),
  );
});

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-27T09:00:00Z') });
  tokenRequests = [];
  apiRequests = [];
  tokenStatus = 200;
});
afterEach(() => vi.useRealTimers());

describe('clientCredentials', () => {
  it('asks with the client credentials grant, the id and secret in Basic auth, and the integration scope', async () => {
    await clientCredentials({ ...options, fetch: fakeFetch })();
    const [request] = tokenRequests;
    expect(request!.method).toBe('POST');
    expect(request!.headers.get('authorization')).toBe(
      `Basic ${Buffer.from('pms%20north:s3cret%3Awith%2Fodd%3Dchars').toString('base64')}`,
    );
    expect(Object.fromEntries(new URLSearchParams(await request!.text()))).toEqual({
      grant_type: 'client_credentials',
      scope: 'practice-system',
    });
  });

  it('shares one request among calls made together, and keeps the token until 30 s before it ends', async () => {
    const token = clientCredentials({ ...options, fetch: fakeFetch });
    expect(await Promise.all([token(), token(), token()])).toEqual(['token-1', 'token-1', 'token-1']);
    vi.advanceTimersByTime(569_000);
    expect(await token()).toBe('token-1');
    vi.advanceTimersByTime(2_000);
    expect(await token()).toBe('token-2');
    expect(tokenRequests).toHaveLength(2);
  });

  it('throws the endpoint’s status when it refuses, and asks again on the next call', async () => {
    const token = clientCredentials({ ...options, fetch: fakeFetch });
    tokenStatus = 401;
    await expect(token()).rejects.toEqual(new TokenRequestError(401));
    tokenStatus = 200;
    expect(await token()).toBe('token-2');
  });
});

describe('createIntegrationClient', () => {
  it('sends each operation to the API with the token as a bearer', async () => {
    const client = createIntegrationClient({ ...options, fetch: fakeFetch });
    const { data } = await listPracticeEvents({ client, query: { after: '42' }, throwOnError: true });
    expect(data).toEqual({ events: [], next_after: '0' });
    const [request] = apiRequests;
    expect(request!.url).toBe('https://portal.example.org/integration/v1/events?after=42');
    expect(request!.headers.get('authorization')).toBe('Bearer token-1');
  });
});
