import { describe, expect, it } from 'vitest';
import { clientAddress } from './client-address';

const token = 'start-up-token';
const headers = (values: Record<string, string>) => new Headers(values);

describe('clientAddress', () => {
  it('is the socket address the web server wrote down, with no proxy in front', () => {
    const request = headers({ 'x-portal-peer': `${token} 203.0.113.7` });
    expect(clientAddress(request, { trustedProxyHops: 0, peerToken: token })).toBe('203.0.113.7');
  });

  it('ignores an X-Forwarded-For the browser wrote, with no proxy in front', () => {
    const request = headers({
      'x-portal-peer': `${token} 203.0.113.7`,
      'x-forwarded-for': '198.51.100.1',
    });
    expect(clientAddress(request, { trustedProxyHops: 0, peerToken: token })).toBe('203.0.113.7');
  });

  it('takes the address the trusted proxies saw, never one the browser added to the left', () => {
    // browser (wrote 198.51.100.1) -> proxy 1 (saw 203.0.113.7) -> proxy 2 (saw 10.0.0.5) -> web
    const request = headers({
      'x-portal-peer': `${token} 10.0.0.9`,
      'x-forwarded-for': '198.51.100.1, 203.0.113.7, 10.0.0.5',
    });
    expect(clientAddress(request, { trustedProxyHops: 2, peerToken: token })).toBe('203.0.113.7');
    expect(clientAddress(request, { trustedProxyHops: 1, peerToken: token })).toBe('10.0.0.5');
  });

  it('gives no address when the chain is shorter than the proxies said to be in front', () => {
    const request = headers({ 'x-portal-peer': `${token} 10.0.0.9`, 'x-forwarded-for': '203.0.113.7' });
    expect(clientAddress(request, { trustedProxyHops: 2, peerToken: token })).toBeNull();
  });

  it('believes no peer header without this process’s token: a browser cannot write one', () => {
    const forged = headers({ 'x-portal-peer': 'guessed 198.51.100.1' });
    expect(clientAddress(forged, { trustedProxyHops: 0, peerToken: token })).toBeNull();
    // Under plain `next start` there is no token at all.
    const any = headers({ 'x-portal-peer': `${token} 198.51.100.1` });
    expect(clientAddress(any, { trustedProxyHops: 0, peerToken: undefined })).toBeNull();
  });
});
