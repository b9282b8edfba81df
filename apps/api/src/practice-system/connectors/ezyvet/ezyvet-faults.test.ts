import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VendorAuthFailed, VendorUnavailable } from '../vendor-port.ts';
import { startDemoSite, syncKind, type DemoSite } from './testing/ezyvet-test-kit.ts';

let site: DemoSite;
beforeEach(async () => {
  site = await startDemoSite();
});
afterEach(async () => {
  expect(site.standIn.violations).toEqual([]);
  await site.standIn.close();
});

const token = 'POST /v1/oauth/access_token';

describe('living within ezyVet’s rules', () => {
  it('waits out a 429 storm to its reset: one 429, then the read goes on', async () => {
    const { standIn, connection, clock } = site;
    await connection.read('appointment-reasons', null);
    standIn.rateLimitStorm(30);
    const page = await connection.read('vaccinations', null);
    expect(page.records.length).toBeGreaterThan(0);
    expect(standIn.count(undefined, 429)).toBe(1);
    expect(clock.sleeps).toEqual([30_000]);
  });

  it('gives a storm longer than it may wait back as VendorUnavailable with the reset', async () => {
    const { standIn, connection } = site;
    await connection.read('appointment-reasons', null);
    standIn.rateLimitStorm(600);
    await expect(connection.read('pets', null)).rejects.toMatchObject({
      name: 'VendorUnavailable',
      retryAfterMs: 600_000,
    });
    expect(standIn.count(undefined, 429)).toBe(1);
  });

  it('keeps under 60 requests a minute to an endpoint (its own count, and the vendor’s headers): no 429', async () => {
    const { standIn, connection, clock } = site;
    for (let read = 0; read < 130; read += 1) await connection.read('appointment-reasons', null);
    expect(standIn.count('GET /v2/appointmenttype')).toBe(130);
    expect(standIn.count(undefined, 429)).toBe(0);
    // 130 requests at 60 a minute: the third minute had begun before the last.
    expect(clock.now() - Date.parse('2026-11-27T09:00:01Z')).toBeGreaterThanOrEqual(120_000);
  });

  it('takes a fresh token when its token is revoked mid-sync, and says VendorAuthFailed when the credentials are', async () => {
    const { standIn, connection } = site;
    const first = await connection.read('vaccinations', null);
    expect(first.more).toBe(true);
    standIn.revokeTokens();
    await syncKind(connection, 'vaccinations', first.cursor);
    expect(standIn.count(token)).toBe(2);
    expect(standIn.count(undefined, 401)).toBe(1);

    standIn.revokeTokens();
    standIn.revokeCredentials();
    await expect(connection.read('pets', null)).rejects.toBeInstanceOf(VendorAuthFailed);
  });

  it('refreshes its token before the twelve hours are up, without a 401', async () => {
    const { standIn, connection, clock } = site;
    await connection.read('appointment-reasons', null);
    clock.advance(12 * 3600_000 - 60_000);
    await connection.read('appointment-reasons', null);
    expect(standIn.count(token)).toBe(2);
    expect(standIn.count(undefined, 401)).toBe(0);
  });

  it('says VendorUnavailable while ezyVet is down, answering 503 or not at all, and carries on once it is back', async () => {
    const { standIn, connection, calls } = site;
    standIn.setDown('error');
    await expect(connection.read('pets', null)).rejects.toBeInstanceOf(VendorUnavailable);
    standIn.setDown('refuse');
    await expect(connection.read('pets', null)).rejects.toBeInstanceOf(VendorUnavailable);
    expect(calls.map(([endpoint, status]) => `${endpoint} ${status}`)).toEqual([
      `${token} 503`,
      `${token} network`,
    ]);
    standIn.setDown(false);
    expect((await connection.read('pets', null)).records.length).toBeGreaterThan(0);
  });
});
