import type { IncomingMessage, ServerResponse } from 'node:http';

/** One year, this host and every subdomain (OWASP's and the HSTS preload list's minimum). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers for every response of the provider, oidc-provider's own (discovery, /auth's redirects, /jwks,
 * errors) as well as our pages, which add their Content-Security-Policy on top. HSTS only when the issuer
 * is https: browsers ignore it over plain http (RFC 6797 8.1), so a local run on http://localhost would
 * gain nothing, and sending it there would only mislead whoever reads the headers.
 */
export function securityHeaders(issuer: string): Record<string, string> {
  return {
    ...(issuer.startsWith('https:') ? { 'Strict-Transport-Security': HSTS } : {}),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

/**
 * The client's address: the socket's, or with N trusted proxies in front (each appending what it saw to
 * X-Forwarded-For) the N-th entry from the right, so that whatever a browser wrote to the left is never
 * used. A chain shorter than the proxies configured gives the socket's address (the proxy's: coarse, but
 * never chosen by the client). The convention of the web's TRUSTED_PROXY_HOPS (decision 0025).
 */
export function clientAddressOf(req: IncomingMessage, trustedProxyHops: number): string | undefined {
  if (trustedProxyHops > 0) {
    const header = req.headers['x-forwarded-for'];
    const chain = (Array.isArray(header) ? header.join(',') : (header ?? ''))
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const chosen = chain[chain.length - trustedProxyHops];
    if (chosen) return chosen;
  }
  return req.socket.remoteAddress;
}

export function setSecurityHeaders(res: ServerResponse, issuer: string): void {
  for (const [name, value] of Object.entries(securityHeaders(issuer))) res.setHeader(name, value);
}
