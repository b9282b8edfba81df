import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VendorAuthFailed, VendorUnavailable } from '../vendor-port.ts';
import { type Kit, readAll, startKit } from './testing/provet-test-kit.ts';

let kit: Kit;
afterEach(async () => {
  await kit.standIn.close();
});

describe('Provet Cloud: rate limits', () => {
  beforeEach(async () => {
    kit = await startKit({ rateLimitPerMinute: 5 });
  });

  it('waits out a 429 storm to its Retry-After, meeting no second 429', async () => {
    const connection = kit.connect({ pageSize: 10 });
    const before = kit.clock.now();
    kit.standIn.control.rateLimitStorm(before, 30_000);
    const clients = await readAll(connection, 'clients');
    expect(clients.records).toHaveLength(kit.ids.clients.size);
    expect(kit.standIn.control.answered(429)).toBe(1);
    expect(kit.clock.now() - before).toBeGreaterThanOrEqual(30_000);
  });

  it('says when to come back when the wait is beyond its bound', async () => {
    const connection = kit.connect({ maxWaitMs: 60_000 });
    kit.standIn.control.rateLimitStorm(kit.clock.now(), 10 * 60_000);
    const error = await connection.read('clients', null).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VendorUnavailable);
    expect((error as VendorUnavailable).retryAfterMs).toBe(10 * 60_000);
    // The next call waits for the reset without asking again.
    await expect(connection.read('clients', null)).rejects.toBeInstanceOf(VendorUnavailable);
    expect(kit.standIn.control.answered(429)).toBe(1);
  });

  it('keeps under the published limit by itself: a sync of many pages meets no 429', async () => {
    const connection = kit.connect({ pageSize: 2, rateLimitPerMinute: 5 });
    const before = kit.clock.now();
    const pets = await readAll(connection, 'pets');
    expect(pets.pages).toBe(Math.ceil(kit.ids.patients.size / 2));
    expect(kit.standIn.control.answered(429)).toBe(0);
    // 21 requests at 5 a minute: four minutes of waiting, on the test's clock.
    expect(kit.clock.now() - before).toBeGreaterThanOrEqual(4 * 60_000);
  });
});

describe('Provet Cloud: what a page costs (ratelimit.html)', () => {
  beforeEach(async () => {
    // 50 results a page by default, as ratelimit.html's example endpoint; 20 requests a minute.
    kit = await startKit({ rateLimitPerMinute: 20, defaultPageSize: 50 });
  });

  it('reads at the installation’s default page size: no page_size sent, each page one request', async () => {
    const requested: URL[] = [];
    const connection = kit.connect(
      { rateLimitPerMinute: 20 },
      {
        fetch: (input, init) => {
          requested.push(new URL(input instanceof Request ? input.url : String(input)));
          return fetch(input, init);
        },
      },
    );
    const before = kit.clock.now();
    const clients = await readAll(connection, 'clients');
    expect(clients.pages).toBe(Math.ceil(kit.ids.clients.size / 50));
    expect(requested.filter((url) => url.pathname.endsWith('/client/'))).not.toHaveLength(0);
    expect(requested.every((url) => !url.searchParams.has('page_size'))).toBe(true);
    expect(kit.standIn.control.answered(429)).toBe(0);
    // A page or two is well within 20 requests a minute: no wait.
    expect(kit.clock.now() - before).toBe(0);
  });

  it('counts a custom page as page_size / the default, so a large page waits rather than meets a 429', async () => {
    // Each page of 1000 counts as 20 requests: a whole minute of the endpoint's limit.
    const connection = kit.connect({ pageSize: 1000, rateLimitPerMinute: 20 });
    const before = kit.clock.now();
    await connection.read('clients', null);
    await connection.read('pets', null);
    const second = await connection.read('clients', null);
    expect(second.records.length).toBeGreaterThan(0);
    expect(kit.standIn.control.answered(429)).toBe(0);
    // The second read of client/ waited out the first's 20 units of the rolling minute.
    expect(kit.clock.now() - before).toBeGreaterThanOrEqual(60_000);
  });

  it('will not name a page size without the installation’s default to count it by', () => {
    expect(() => kit.connect({ pageSize: 1000, vendorDefaultPageSize: undefined })).toThrow(
      /default page size/,
    );
  });
});

describe('Provet Cloud: tokens', () => {
  beforeEach(async () => {
    kit = await startKit({ tokenTtlSeconds: 600 });
  });

  it('takes a fresh token when the one in use is revoked mid-sync', async () => {
    const connection = kit.connect({ pageSize: 10 });
    const first = await connection.read('clients', null);
    kit.standIn.control.revokeTokens();
    const second = await connection.read('clients', first.cursor);
    expect(second.records).toHaveLength(10);
    expect(kit.standIn.control.requestsTo('POST oauth2/token')).toBe(2);
    expect(kit.standIn.control.answered(401)).toBe(1);
  });

  it('asks for one token however many calls need it at once', async () => {
    const connection = kit.connect();
    await Promise.all([
      connection.read('practices', null),
      connection.read('clients', null),
      connection.read('pets', null),
    ]);
    expect(kit.standIn.control.requestsTo('POST oauth2/token')).toBe(1);
  });

  it('refreshes a token before it expires, never meeting a 401', async () => {
    const connection = kit.connect();
    await connection.read('practices', null);
    kit.clock.advance(9 * 60_000); // within five minutes of the ten-minute expiry
    await connection.read('practices', null);
    expect(kit.standIn.control.requestsTo('POST oauth2/token')).toBe(2);
    expect(kit.standIn.control.answered(401)).toBe(0);
  });

  it('fails for the operator when the credentials themselves are revoked', async () => {
    const connection = kit.connect();
    await connection.read('practices', null);
    kit.standIn.control.revokeCredentials();
    await expect(connection.read('clients', null)).rejects.toBeInstanceOf(VendorAuthFailed);
  });
});

describe('Provet Cloud: the system down', () => {
  beforeEach(async () => {
    kit = await startKit();
  });

  it('answers unavailable while the system errs or refuses connections, and reads again after', async () => {
    const calls: (number | string)[] = [];
    const connection = kit.connect(
      { rateLimitPerMinute: 20 },
      { observer: { call: (endpoint, status) => calls.push(`${endpoint} ${status}`) } },
    );
    await connection.read('practices', null);
    kit.standIn.control.goDown('error');
    await expect(connection.read('clients', null)).rejects.toBeInstanceOf(VendorUnavailable);
    // A read is tried three times, backing off, before it gives up.
    expect(calls.filter((call) => call === 'GET client/ 503')).toHaveLength(3);
    kit.standIn.control.goDown('refused');
    await expect(connection.read('clients', null)).rejects.toBeInstanceOf(VendorUnavailable);
    expect(calls).toContain('GET client/ network');
    kit.standIn.control.comeBack();
    expect((await connection.read('clients', null)).records.length).toBeGreaterThan(0);
    expect(kit.standIn.control.violations).toEqual([]);
  });
});

describe('Provet Cloud stand-in: the contract check', () => {
  beforeEach(async () => {
    kit = await startKit();
  });

  it('refuses, and records, a request off the documented shape', async () => {
    const token = await fetch(`${kit.standIn.origin}/${kit.standIn.provetId}/oauth2/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: kit.standIn.clientId,
        client_secret: kit.standIn.clientSecret,
      }),
    }).then((r) => r.json() as Promise<{ access_token: string }>);
    const api = `${kit.standIn.origin}/${kit.standIn.provetId}/api/0.1`;
    const headers = { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' };
    const post = await fetch(`${api}/appointment/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ start: 'tomorrow', colour: 'red' }),
    });
    expect(post.status).toBe(400);
    expect(await post.json()).toMatchObject({
      start: expect.any(Array) as unknown,
      colour: ['Unknown field.'],
    });
    const filter = await fetch(`${api}/client/?modified__gte=2026-11-23 08:00+00:00`, { headers });
    expect(filter.status).toBe(400); // "+" not sent as %2B: read as a space
    expect(kit.standIn.control.violations).toHaveLength(2);
  });
});
