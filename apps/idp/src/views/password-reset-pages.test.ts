import { hash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FOCUS_ERROR_SUMMARY_SCRIPT } from './layout.ts';
import {
  forgotPasswordPage,
  passwordChangedPage,
  resetLinkInvalidPage,
  resetLinkSentPage,
  resetPasswordPage,
} from './password-reset-pages.ts';
import { CHECKLIST_SCRIPT } from './password-checklist.ts';

const brand = { brandName: 'Harbour Vets', portalUrl: 'http://localhost:3000' };
const scriptHash = (script: string) => `'sha256-${hash('sha256', script, 'base64')}'`;

describe('the password reset pages', () => {
  it('ask for the e-mail with a labelled field, and keep the sign-in to go back to', () => {
    const { html } = forgotPasswordPage({
      ...brand,
      csrfToken: 't',
      action: '/password/forgot',
      interactionUid: 'uid1',
      signInHref: '/interaction/uid1/login',
    });
    expect(html.match(/<h1>/g)).toHaveLength(1);
    expect(html).toContain('<label for="email">E-mail address</label>');
    expect(html).toContain('autocomplete="email"');
    expect(html).toContain('<input type="hidden" name="interaction" value="uid1">');
    expect(html).toContain('<a href="/interaction/uid1/login">Back to sign in</a>');
  });

  it('move focus to the error summary when there are errors, and allow only that script', () => {
    const errors = [{ field: 'email', message: 'Enter your e-mail address' }];
    const page = forgotPasswordPage({ ...brand, csrfToken: 't', action: '/a', signInHref: '/s', errors });
    expect(page.html).toContain('<title>Error: Harbour Vets – Reset your password</title>');
    expect(page.html).toContain(`<script>${FOCUS_ERROR_SUMMARY_SCRIPT}</script>`);
    expect(page.headers['Content-Security-Policy']).toContain(
      `script-src ${scriptHash(FOCUS_ERROR_SUMMARY_SCRIPT)}`,
    );
    expect(
      forgotPasswordPage({ ...brand, csrfToken: 't', action: '/a', signInHref: '/s' }).html,
    ).not.toContain('<script>');
  });

  it('ask for the new password twice, with the live checklist, tying errors to their fields', () => {
    const page = resetPasswordPage({
      ...brand,
      csrfToken: 't',
      action: '/password/reset',
      token: 'tok"en',
      errors: [{ field: 'confirm-password', message: 'The passwords do not match' }],
    });
    expect(page.html).toContain('<label for="password">New password</label>');
    expect(page.html).toContain('autocomplete="new-password"');
    expect(page.html).toMatch(/id="confirm-password"[^>]*aria-describedby="confirm-password-error"/);
    expect(page.html).toContain('<a href="#confirm-password">The passwords do not match</a>');
    expect(page.html).toContain('value="tok&quot;en"');
    expect(page.headers['Content-Security-Policy']).toContain(scriptHash(CHECKLIST_SCRIPT));
  });

  it('end with a way forward: sign in, a new link, or back to sign in', () => {
    expect(passwordChangedPage({ ...brand, signInHref: 'http://localhost:3000/signin' }).html).toContain(
      '<a class="button" href="http://localhost:3000/signin">Sign in</a>',
    );
    const invalid = resetLinkInvalidPage({ ...brand, forgotHref: '/password/forgot' });
    expect(invalid.status).toBe(400);
    expect(invalid.html).toContain('<a class="button" href="/password/forgot">Ask for a new link</a>');
    expect(resetLinkSentPage({ ...brand, signInHref: '/s' }).html).toContain(
      'If an account exists for that address, we have sent a link to reset the password. It works for 1 hour.',
    );
  });
});
