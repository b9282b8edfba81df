import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, newNonce, originsOf } from './content-security-policy';

const base = {
  nonce: 'bm9uY2U=',
  development: false,
  formTargets: ['https://login.example'],
  tagManager: false,
};

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split('; ').map((directive) => {
      const [name, ...values] = directive.split(' ');
      return [name!, values];
    }),
  );
}

describe('the pages’ Content Security Policy', () => {
  it('runs scripts only with the page’s nonce: no unsafe-inline, no unsafe-eval, no inline handlers', () => {
    const policy = directives(contentSecurityPolicy(base));
    expect(policy.get('script-src')).toEqual(["'self'", "'nonce-bm9uY2U='", "'strict-dynamic'"]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'self'", 'https://login.example']);
  });

  it('takes stylesheets from the portal only, allowing the style attributes components set', () => {
    const policy = directives(contentSecurityPolicy(base));
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
    expect(directives(contentSecurityPolicy({ ...base, development: true })).get('style-src')).toContain(
      "'unsafe-inline'",
    );
  });

  it('adds unsafe-eval and web sockets in development only, and the tag manager only when configured', () => {
    const development = directives(contentSecurityPolicy({ ...base, development: true }));
    expect(development.get('script-src')).toContain("'unsafe-eval'");
    expect(development.get('connect-src')).toEqual(["'self'", 'ws:', 'wss:']);
    const withTags = directives(contentSecurityPolicy({ ...base, tagManager: true }));
    expect(withTags.get('script-src')).toContain('https://www.googletagmanager.com');
    expect(withTags.get('connect-src')).toContain('https://*.google-analytics.com');
    expect(directives(contentSecurityPolicy(base)).get('connect-src')).toEqual(["'self'"]);
  });

  it('makes a fresh 128-bit nonce each time', () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });

  it('allows form posts to each identity provider’s origin once', () => {
    expect(
      originsOf(['https://login.example/tenant/v2.0', 'https://login.example/other', 'not a url']),
    ).toEqual(['https://login.example']);
  });
});
