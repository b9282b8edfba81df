/**
 * The pages' Content Security Policy, set per request by src/proxy.ts with a fresh nonce. Scripts run
 * only with the nonce ('strict-dynamic' extends the trust to the chunks and tags those scripts load),
 * so an injected <script> or inline handler does not run: no 'unsafe-inline' for scripts. Next.js reads
 * the nonce from the request's policy header and puts it on its own bootstrap and chunk scripts.
 * Stylesheets come only from the portal's own files (decision 0050: static CSS, no style written at run
 * time), so an injected <style> does not apply; style attributes stay allowed ('unsafe-inline' in
 * style-src-attr) for the few a component sets (a spinner's height, a list's placement).
 */

/** The analytics tag manager's script origin and the endpoints its tags send to (R1.6). */
const tagManager = {
  script: ['https://www.googletagmanager.com'],
  connect: [
    'https://www.googletagmanager.com',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
  ],
  img: ['https://www.googletagmanager.com', 'https://*.google-analytics.com'],
};

export type PolicyOptions = {
  nonce: string;
  /** `next dev`: React's debugging aids need 'unsafe-eval', hot reload web sockets and inline styles. */
  development: boolean;
  /** The identity providers' origins, for form-action (a redirect after a form post is checked too). */
  formTargets: readonly string[];
  /** Whether the analytics tag manager is configured (it loads only after consent). */
  tagManager: boolean;
};

export function contentSecurityPolicy(options: PolicyOptions): string {
  const gtm = (list: string[]) => (options.tagManager ? list : []);
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    [
      'script-src',
      "'self'",
      `'nonce-${options.nonce}'`,
      "'strict-dynamic'",
      ...(options.development ? ["'unsafe-eval'"] : []),
      ...gtm(tagManager.script),
    ],
    ['script-src-attr', "'none'"],
    // `next dev` injects its overlay's and hot-reloaded styles as <style> elements.
    ['style-src', "'self'", ...(options.development ? ["'unsafe-inline'"] : [])],
    ['style-src-attr', "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:', ...gtm(tagManager.img)],
    ['font-src', "'self'", 'data:'],
    ['connect-src', "'self'", ...(options.development ? ['ws:', 'wss:'] : []), ...gtm(tagManager.connect)],
    ['worker-src', "'self'", 'blob:'],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'", ...options.formTargets],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/** The origins of the given issuer URLs, once each; unparsable ones are left out. */
export function originsOf(issuers: readonly string[]): string[] {
  const origins = issuers.flatMap((issuer) => {
    try {
      return [new URL(issuer).origin];
    } catch {
      return [];
    }
  });
  return [...new Set(origins)];
}

/** 128 random bits, base64: unguessable, and fresh for every page. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
}
