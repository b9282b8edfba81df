import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readDemoFile, seedDemoPractice } from './ezyvet-demo-seed.ts';
import { standInCredentials, startEzyvetStandIn, type EzyvetStandIn } from './ezyvet-stand-in.ts';
import { createManualClock, type ManualClock } from './manual-clock.ts';

let clock: ManualClock;
let standIn: EzyvetStandIn;
beforeEach(async () => {
  clock = createManualClock();
  standIn = await startEzyvetStandIn({ clock });
});
afterEach(() => standIn.close());

async function bearer(): Promise<string> {
  const response = await fetch(`${standIn.url}/v1/oauth/access_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...standInCredentials, grant_type: 'client_credentials', scope: '' }),
  });
  const { access_token: token } = (await response.json()) as { access_token: string };
  return `Bearer ${token}`;
}

describe('the ezyVet stand-in', () => {
  it('refuses a request outside the documented shapes with ezyVet’s envelope, and records it', async () => {
    const authorization = await bearer();
    const booking = await fetch(`${standIn.url}/ezycab/booking`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({
        startTime: '2026-12-01T09:00:00',
        type: 't',
        durationMinutes: 15,
        animal: 'a',
        contact: 'c',
      }),
    });
    expect(booking.status).toBe(400);
    expect(await booking.json()).toMatchObject({
      messages: [{ level: 'error', type: 'InvalidRequestException' }],
    });

    const filter = await fetch(`${standIn.url}/v1/animal?colour=${encodeURIComponent('{"eq":"Black"}')}`, {
      headers: { authorization },
    });
    expect(filter.status).toBe(400);
    const paging = await fetch(`${standIn.url}/v1/animal?limit=500`, { headers: { authorization } });
    expect(paging.status).toBe(400);
    const text = await fetch(`${standIn.url}/v1/contact`, {
      method: 'POST',
      headers: { authorization },
      body: '{}',
    });
    expect(text.status).toBe(415);
    expect(standIn.violations).toEqual([
      'POST /ezycab/booking: booking: startTime, provider',
      'GET /v1/animal: unknown filter colour',
      'GET /v1/animal: paging',
      'POST /v1/contact: body without a JSON content type',
    ]);
  });

  it('refuses a change of a contact or an animal outside the documented fields, and brings no pet back to life', async () => {
    const authorization = await bearer();
    const patch = (path: string, body: object) =>
      fetch(`${standIn.url}${path}`, {
        method: 'PATCH',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const contact = standIn.db.insert('contact', { uid: 'c1', code: 'C1', first_name: 'A', last_name: 'B' });
    expect((await patch(`/v1/contact/${contact.id}`, { email: 'a@example.org' })).status).toBe(400);
    expect((await patch(`/v1/contact/${contact.id}`, { address_physical: 999 })).status).toBe(400);
    expect((await patch(`/v1/animal/${contact.id}`, { is_dead: false })).status).toBe(400);
    expect((await patch('/v1/address/1', {})).status).toBe(400);
    expect((await patch(`/v1/contact/${contact.id}`, { last_name: 'C' })).status).toBe(200);
    expect(standIn.violations).toEqual([
      'PATCH /v1/contact/{id}: contact change: (body), (body)',
      'PATCH /v1/animal/{id}: animal change: is_dead',
      'PATCH /v1/address/{id}: address change: (body)',
    ]);
  });

  it('answers 401 with the documented envelope to a missing or revoked token', async () => {
    const authorization = await bearer();
    expect((await fetch(`${standIn.url}/v1/sex`, { headers: { authorization } })).status).toBe(200);
    standIn.revokeTokens();
    const revoked = await fetch(`${standIn.url}/v1/sex`, { headers: { authorization } });
    expect(revoked.status).toBe(401);
    expect(await revoked.json()).toMatchObject({ messages: [{ type: 'InvalidRequestException' }] });
  });

  it('counts 60 requests a minute to an endpoint, then answers 429 until the window resets', async () => {
    const authorization = await bearer();
    const get = () => fetch(`${standIn.url}/v1/sex`, { headers: { authorization } });
    for (let request = 1; request <= 60; request += 1) {
      const response = await get();
      expect(response.status).toBe(200);
      expect(response.headers.get('x-ratelimit-remaining')).toBe(String(60 - request));
    }
    clock.advance(20_000);
    const limited = await get();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('x-ratelimit-reset')).toBe('40');
    clock.advance(40_000);
    expect((await get()).status).toBe(200);
  });

  it('seeds every practice of the demo group', async () => {
    const practices = await readDemoFile('practices.csv');
    for (const { practice_ref: practiceRef } of practices) {
      const site = await startEzyvetStandIn({ clock });
      try {
        const seed = await seedDemoPractice(site, { practiceRef, from: '2026-11-27' });
        expect(seed.resources.size).toBeGreaterThan(0);
        expect(site.db.tables.planningguide.length).toBeGreaterThan(0);
        expect(site.db.site.name).toBe(practices.find((row) => row.practice_ref === practiceRef)!.name);
      } finally {
        await site.close();
      }
    }
  });
});
