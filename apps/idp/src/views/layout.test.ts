import { hash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signInPage } from './sign-in-page.ts';
import { signUpPage } from './sign-up-page.ts';

const view = { brandName: 'Harbour Vets', portalUrl: 'http://localhost:3000', uid: 'abc', csrfToken: 't' };

describe('the interaction pages', () => {
  it('are British English, titled by brand and purpose, with one h1 and labelled fields', () => {
    const { html } = signInPage(view);
    expect(html).toContain('<html lang="en-GB">');
    expect(html).toContain('<title>Harbour Vets – Sign in</title>');
    expect(html.match(/<h1>/g)).toHaveLength(1);
    expect(html).toContain('<label for="email">');
    expect(html).toContain('<label for="password">');
    expect(html).toContain('autocomplete="email"');
    expect(html).not.toMatch(/onpaste|maxlength/i);
  });

  it('mask every password field (type="password"), on sign-in and on sign-up', () => {
    const passwordInputs = (html: string) =>
      [...html.matchAll(/<input\b[^>]*>/g)]
        .map(([tag]) => tag)
        .filter((tag) => /id="(confirm-)?password"/.test(tag));
    const signIn = passwordInputs(signInPage(view).html);
    const signUp = passwordInputs(signUpPage(view).html);
    expect(signIn).toHaveLength(1);
    expect(signUp).toHaveLength(2);
    for (const tag of [...signIn, ...signUp]) expect(tag).toContain('type="password"');
  });

  it('link errors to their fields and announce a summary', () => {
    const { html, status } = signUpPage({
      ...view,
      status: 400,
      errors: [{ field: 'email', message: 'Enter your e-mail address' }],
    });
    expect(status).toBe(400);
    expect(html).toContain('<title>Error: Harbour Vets – Create an account</title>');
    expect(html).toContain('role="alert"');
    expect(html).toContain('<a href="#email">Enter your e-mail address</a>');
    expect(html).toMatch(/id="email"[^>]*aria-describedby="email-error"[^>]*aria-invalid="true"/);
    expect(html).toContain('autocomplete="new-password"');
  });

  it('allow only their own inline script and style, and let forms end at the portal', () => {
    const page = signUpPage(view);
    const csp = page.headers['Content-Security-Policy'] ?? '';
    const script = /<script>([\s\S]*?)<\/script>/.exec(page.html)?.[1] ?? '';
    expect(csp).toContain(`'sha256-${hash('sha256', script, 'base64')}'`);
    expect(csp).toContain("form-action 'self' http://localhost:3000");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
  });

  it('escape what they echo', () => {
    const { html } = signInPage({ ...view, email: '"><script>alert(1)</script>' });
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;');
  });
});
