// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failureDetail, logAccessTokenRefused, postAuthLog } from './auth-log';

const beacons: { url: string; body: string }[] = [];
let beaconAccepted = true;
let minute = 0;

beforeEach(() => {
  beacons.length = 0;
  beaconAccepted = true;
  // A repeat within a minute is not posted: each test starts a few minutes after the last one.
  minute += 5;
  vi.setSystemTime(Date.UTC(2026, 10, 25, 9, minute));
  vi.stubGlobal('navigator', {
    sendBeacon: (url: string, body: URLSearchParams) => {
      beacons.push({ url, body: body.toString() });
      return beaconAccepted;
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const fields = (body: string) => Object.fromEntries(new URLSearchParams(body));

describe('postAuthLog (R7.11)', () => {
  it('posts level, code and detail to /api/auth/_log as a beacon, form-encoded as next-auth does', () => {
    postAuthLog('error', 'CLIENT_SESSION_ERROR', 'Session read failed: HTTP 503');
    expect(beacons).toHaveLength(1);
    expect(beacons[0]!.url).toBe('/api/auth/_log');
    expect(fields(beacons[0]!.body)).toEqual({
      level: 'error',
      code: 'CLIENT_SESSION_ERROR',
      detail: 'Session read failed: HTTP 503',
      client: 'true',
    });
  });

  it('falls back to a keepalive fetch when the browser will not queue a beacon', () => {
    beaconAccepted = false;
    const fetch = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', fetch);
    postAuthLog('error', 'CLIENT_SIGNIN_ERROR', 'Login failed');
    expect(fetch).toHaveBeenCalledOnce();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/auth/_log');
    expect(init.method).toBe('POST');
    expect(init.keepalive).toBe(true);
    expect(fields((init.body as URLSearchParams).toString())).toEqual({
      level: 'error',
      code: 'CLIENT_SIGNIN_ERROR',
      detail: 'Login failed',
      client: 'true',
    });
  });

  it('posts the same code once a minute at most', () => {
    postAuthLog('error', 'CLIENT_SESSION_ERROR', 'Session read failed: TypeError');
    postAuthLog('error', 'CLIENT_SESSION_ERROR', 'Session read failed: TypeError');
    postAuthLog('error', 'CLIENT_SIGNIN_ERROR', 'Login failed');
    expect(beacons.map((beacon) => fields(beacon.body).code)).toEqual([
      'CLIENT_SESSION_ERROR',
      'CLIENT_SIGNIN_ERROR',
    ]);
    vi.setSystemTime(Date.now() + 60_000);
    postAuthLog('error', 'CLIENT_SESSION_ERROR', 'Session read failed: TypeError');
    expect(beacons).toHaveLength(3);
  });

  it("a 401 from the API is logged as R8.2's 'Get access token failed'", () => {
    logAccessTokenRefused();
    expect(fields(beacons[0]!.body)).toEqual({
      level: 'error',
      code: 'CLIENT_ACCESS_TOKEN_ERROR',
      detail: 'Get access token failed: HTTP 401',
      client: 'true',
    });
  });
});

describe('failureDetail', () => {
  it("says what failed, then the answer's status or the error's name, never its message", () => {
    expect(failureDetail('Login failed', { status: 503 })).toBe('Login failed: HTTP 503');
    expect(failureDetail('Login failed', new TypeError('Failed to fetch olivia@example.com'))).toBe(
      'Login failed: TypeError',
    );
  });

  it("is the fallback message alone when the error tells nothing more (R8.2's 'Login failed')", () => {
    expect(failureDetail('Login failed', new Error('csrf: no token for olivia@example.com'))).toBe(
      'Login failed',
    );
    expect(failureDetail('Get access token failed', 'thrown text')).toBe('Get access token failed');
  });
});
