/**
 * The address a request to the portal came from, for the API's rate limits (decision 0025;
 * docs/security/hardening.md, finding 9).
 *
 * The web server (apps/web/server.mjs) writes the socket's address into `x-portal-peer`, overwriting any
 * value the request carried, with a token made at its start-up (PORTAL_PEER_TOKEN, this process only).
 * With no trusted proxy in front (hops 0), that address is the client's. With N trusted proxies, each
 * of which appends the address it saw to X-Forwarded-For, the client's address is the N-th entry from
 * the right: whatever a browser wrote stays to the left of it. Anything that does not add up (no token,
 * the wrong token, fewer entries than proxies) gives no address, and the API then counts the request
 * against the web's own address: coarser, never chosen by the browser.
 */
export const peerHeader = 'x-portal-peer';

export function clientAddress(
  headers: Headers,
  options: { trustedProxyHops: number; peerToken: string | undefined },
): string | null {
  const peer = headers.get(peerHeader);
  if (!options.peerToken || !peer) return null;
  const [token, address] = peer.split(' ');
  if (token !== options.peerToken || !address) return null;
  if (options.trustedProxyHops === 0) return address;
  const chain = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return chain[chain.length - options.trustedProxyHops] ?? null;
}
