import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddressOf, HSTS, securityHeaders } from './security-headers.ts';

const request = (forwardedFor?: string) =>
  ({
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    socket: { remoteAddress: '10.0.0.1' },
  }) as unknown as IncomingMessage;

describe('securityHeaders', () => {
  it('adds HSTS only for an https issuer', () => {
    expect(securityHeaders('https://id.example.test')['Strict-Transport-Security']).toBe(HSTS);
    expect(securityHeaders('http://localhost:4100')).not.toHaveProperty('Strict-Transport-Security');
    expect(HSTS).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('clientAddressOf', () => {
  it('is the socket’s address without trusted proxies, whatever the request says', () => {
    expect(clientAddressOf(request('203.0.113.9'), 0)).toBe('10.0.0.1');
  });

  it('takes the N-th entry from the right, so what a browser wrote on the left is never used', () => {
    expect(clientAddressOf(request('1.1.1.1, 203.0.113.9'), 1)).toBe('203.0.113.9');
    expect(clientAddressOf(request('1.1.1.1, 203.0.113.9, 10.0.0.2'), 2)).toBe('203.0.113.9');
  });

  it('falls back to the socket when the chain is shorter than the proxies configured', () => {
    expect(clientAddressOf(request(), 1)).toBe('10.0.0.1');
    expect(clientAddressOf(request('203.0.113.9'), 2)).toBe('10.0.0.1');
  });
});
