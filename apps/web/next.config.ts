import type { NextConfig } from 'next';

const isDevelopment = process.env.NODE_ENV === 'development';

/**
 * Pages get their Content Security Policy, with a nonce, from src/proxy.ts. The BFF's JSON and built
 * assets are never documents that run anything: their policy allows nothing, in case a browser is ever
 * made to render one. next-auth's routes answer JSON, redirects, and, for an error or a sign-out visited
 * directly, a plain page of its own with inline styles and a form back to itself: no scripts either way.
 *
 * Every other response gets a fallback (decision 0058): the pages' policy without a nonce, so scripts
 * run only from the portal's own files and never inline. The proxy's policy replaces it on the pages it
 * serves (Next.js applies the proxy's headers after these); anything it does not reach (the icon, a
 * response no matcher foresaw) still has a strict policy. next-config.test.ts keeps the two in step.
 */
const fallbackPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self'",
  "style-src-attr 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');
const nothingAllowedPolicy =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
const authRoutesPolicy =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

const securityHeaders = [
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  {
    key: 'Permissions-Policy',
    value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
  },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  // Browsers ignore HSTS over plain http, so it only takes effect behind TLS in production.
  ...(isDevelopment
    ? []
    : [{ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' }]),
];

const nextConfig: NextConfig = {
  // The production build (`npm run build`, decision 0068) runs from .next/standalone: the server files and
  // only the node_modules they use, without the sources or development dependencies.
  output: 'standalone',
  reactStrictMode: true,
  poweredByHeader: false,
  // Every page's title and icon in the <head> of its first bytes, for every browser (not only for the
  // crawlers Next.js lists): a streamed title arrives after the page can be read, so assistive technology
  // and axe can meet a page without a title (WCAG 2.4.2), and a browser asks for /favicon.ico meanwhile.
  htmlLimitedBots: /.*/,
  // @vet/db: the server-side session store only (src/shared/auth-session/server).
  transpilePackages: ['@vet/contracts', '@vet/db', '@vet/telemetry'],
  // Browsers still ask for /favicon.ico now and then (a page left before its <head> was read): answer
  // with the portal's icon rather than a 404 in the console.
  rewrites() {
    return Promise.resolve([{ source: '/favicon.ico', destination: '/icon.svg' }]);
  },
  headers() {
    // In order: where several match, the last one's policy is sent.
    const policies = [
      { source: '/:path*', policy: fallbackPolicy },
      { source: '/bff/:path*', policy: nothingAllowedPolicy },
      { source: '/_next/:path*', policy: nothingAllowedPolicy },
      { source: '/api/:path*', policy: authRoutesPolicy },
    ];
    return Promise.resolve([
      { source: '/:path*', headers: securityHeaders },
      ...policies.map(({ source, policy }) => ({
        source,
        headers: [{ key: 'Content-Security-Policy', value: policy }],
      })),
    ]);
  },
};

export default nextConfig;
