import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { portalUrl } from './support/browser.ts';
import { e2eChecksPerAddress } from './support/limits.ts';

/**
 * Decision 0025 (docs/security/hardening.md, finding 9): the API's per-address limits count the address a
 * request really came from. A browser that writes its own X-Forwarded-For on each request must not get a
 * fresh bucket each time. The requests come from 127.0.0.2 (loopback, but not the address other tests use),
 * so the bucket this test fills is its own.
 */
function checkFrom(localAddress: string, spoofed: string, n: number): Promise<number> {
  const query = new URLSearchParams({
    // A name of its own each time: the check's budget per last name and postcode (decision 0056) is not
    // what this test is about.
    LastName: `Nobody-${String.fromCharCode(97 + n)}`,
    Postcode: 'SW4 0LN',
    Email: `address.check.${n}.${Date.now()}@example.com`,
    PracticeId: '1',
  });
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${portalUrl()}/bff/pre-signup/check?${query.toString()}`,
      { localAddress, headers: { 'x-forwarded-for': spoofed, 'x-portal-peer': `forged ${spoofed}` } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('the client address the API sees', () => {
  it('is the one the web server saw, not an X-Forwarded-For or peer header the browser wrote', async () => {
    const statuses: number[] = [];
    // The check allows e2eChecksPerAddress per address in 10 minutes; each request claims another address.
    for (let n = 0; n <= e2eChecksPerAddress; n += 1) {
      statuses.push(await checkFrom('127.0.0.2', `198.51.100.${n + 1}`, n));
    }
    expect(statuses.slice(0, e2eChecksPerAddress).every((status) => status === 200)).toBe(true);
    expect(statuses[e2eChecksPerAddress]).toBe(429);
  });
});
