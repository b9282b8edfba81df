import type { NextConfig } from 'next';

const isDevelopment = process.env.NODE_ENV === 'development';

/**
 * The identity providers' origins, for form-action. Headers are fixed when the app is built, so these
 * come from the build's environment (the same AUTH_* variables as src/config/server.ts; unset: the
 * embedded provider). Today no portal form posts to a provider: next-auth's signIn() and the logout
 * reach it by script navigation, and /signin replaces next-auth's own sign-in form. The origins are here
 * so that a form which does post there (a redirect after a form post is checked too) is not blocked.
 */
function identityProviderOrigins(): string[] {
  const issuers = [
    process.env.AUTH_SIGNIN_ISSUER,
    process.env.AUTH_SIGNUP_ISSUER,
    process.env.AUTH_DOMAIN || 'http://localhost:4100',
  ];
  const origins = issuers.flatMap((issuer) => {
    if (!issuer) return [];
    try {
      return [new URL(issuer).origin];
    } catch {
      return [];
    }
  });
  return [...new Set(origins)];
}

/**
 * The analytics tag manager (R1.6) and the Google Analytics endpoints its tags send to, allowed only
 * when the build's environment has GTM_CONTAINER_ID: headers are fixed at build time, while the page
 * decides at run time whether to load the tag (src/config/server.ts). Set the id for both, or neither.
 */
const tagManagerSources = process.env.GTM_CONTAINER_ID
  ? {
      script: ' https://www.googletagmanager.com',
      connect:
        ' https://www.googletagmanager.com https://*.google-analytics.com https://*.analytics.google.com',
      img: ' https://www.googletagmanager.com https://*.google-analytics.com',
    }
  : { script: '', connect: '', img: '' };

/**
 * A static policy, so pages need no per-request nonce. Next's inline bootstrap scripts
 * (`self.__next_f.push(...)`) and Emotion's runtime `<style>` tags need 'unsafe-inline'; a nonce-based
 * policy (set from proxy.ts) would remove that but makes every page dynamic. Development adds
 * 'unsafe-eval' (React's debugging aids) and web sockets (hot reload).
 * form-action also allows the identity providers (see identityProviderOrigins).
 */
const contentSecurityPolicy = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${isDevelopment ? " 'unsafe-eval'" : ''}${tagManagerSources.script}`,
  "style-src 'self' 'unsafe-inline'",
  `img-src 'self' data: blob:${tagManagerSources.img}`,
  "font-src 'self' data:",
  `connect-src 'self'${isDevelopment ? ' ws: wss:' : ''}${tagManagerSources.connect}`,
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  `form-action 'self' ${identityProviderOrigins().join(' ')}`,
  "frame-ancestors 'none'",
].join('; ');

const securityHeaders = [
  { key: 'Content-Security-Policy', value: contentSecurityPolicy },
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
  reactStrictMode: true,
  poweredByHeader: false,
  // Every page's title and icon in the <head> of its first bytes, for every browser (not only for the
  // crawlers Next.js lists): a streamed title arrives after the page can be read, so assistive technology
  // and axe can meet a page without a title (WCAG 2.4.2), and a browser asks for /favicon.ico meanwhile.
  htmlLimitedBots: /.*/,
  // @vet/db: the server-side session store only (src/shared/auth-session/server).
  transpilePackages: ['@vet/contracts', '@vet/db'],
  // Browsers still ask for /favicon.ico now and then (a page left before its <head> was read): answer
  // with the portal's icon rather than a 404 in the console.
  rewrites() {
    return Promise.resolve([{ source: '/favicon.ico', destination: '/icon.svg' }]);
  },
  headers() {
    return Promise.resolve([{ source: '/:path*', headers: securityHeaders }]);
  },
};

export default nextConfig;
