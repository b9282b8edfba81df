import { describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- next.config.ts sits outside src/, beyond the @/ alias
import nextConfig from '../next.config';
import { contentSecurityPolicy } from './shared/security/content-security-policy';

const consoleError = console.error;
const { unstable_getResponseFromNextConfig } = await import('next/experimental/testing/server');
// Next's server modules wrap the console as they load; the tests' console-error check keeps its own.
console.error = consoleError;

const policyOf = async (path: string) =>
  (await unstable_getResponseFromNextConfig({ url: `http://localhost:3000${path}`, nextConfig })).headers.get(
    'content-security-policy',
  ) ?? '';
const directive = (policy: string, name: string) =>
  policy.split('; ').find((entry) => entry.startsWith(`${name} `));

describe('the static Content Security Policy of next.config.ts', () => {
  it('gives every response a strict fallback, for whatever the proxy does not set one on', async () => {
    for (const path of ['/practices', '/guest', '/icon.svg', '/favicon.ico', '/anything/else']) {
      const policy = await policyOf(path);
      expect(directive(policy, 'script-src'), path).toBe("script-src 'self'");
      for (const rule of [
        "script-src-attr 'none'",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
      ])
        expect(policy.split('; '), path).toContain(rule);
    }
  });

  it('is the pages’ policy without the nonce: scripts from the portal’s own files only', async () => {
    const pages = contentSecurityPolicy({
      nonce: 'n',
      development: false,
      formTargets: [],
      tagManager: false,
    });
    const withoutNonce = pages.replace("script-src 'self' 'nonce-n' 'strict-dynamic'", "script-src 'self'");
    expect(await policyOf('/practices')).toBe(withoutNonce);
  });

  it('keeps the BFF, built assets and next-auth’s routes on policies that run no script', async () => {
    for (const path of ['/bff/online-practices', '/_next/static/chunks/a.js', '/api/auth/session']) {
      const policy = await policyOf(path);
      expect(directive(policy, 'default-src'), path).toBe("default-src 'none'");
      expect(directive(policy, 'script-src'), path).toBeUndefined();
    }
  });
});
