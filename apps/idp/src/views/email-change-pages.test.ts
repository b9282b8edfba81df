import { describe, expect, it } from 'vitest';
import {
  CHANGE_CREDENTIALS_ERROR_ID,
  changeEmailPage,
  emailChangeCodePage,
  emailChangedPage,
} from './email-change-pages.ts';

const brand = { brandName: 'Harbour Vets', portalUrl: 'http://localhost:3000' };

describe('the change-e-mail pages', () => {
  it('ask for the current address, the password and the new address, each labelled for autofill', () => {
    const { html, status } = changeEmailPage({ ...brand, csrfToken: 't', action: '/account/email' });
    expect(status).toBe(200);
    expect(html.match(/<h1>/g)).toHaveLength(1);
    expect(html).toContain('<title>Harbour Vets – Change your sign-in e-mail</title>');
    expect(html).toMatch(
      /<label for="email">Current e-mail address<\/label>\s*<input id="email"[^>]*autocomplete="email"/,
    );
    expect(html).toMatch(
      /<label for="password">Password<\/label>\s*<input [^>]*type="password" autocomplete="current-password"/,
    );
    expect(html).toMatch(/<label for="new-email">New e-mail address<\/label>\s*<input [^>]*type="email"/);
    expect(html).toContain('<form method="post" action="/account/email" novalidate>');
    expect(html).toContain('href="http://localhost:3000/client-detail">Back to your details</a>');
  });

  it('tie a wrong password to both credential fields, and keep what was typed but the password', () => {
    const { html } = changeEmailPage({
      ...brand,
      csrfToken: 't',
      action: '/account/email',
      email: 'old@example.com',
      newEmail: 'new@example.com',
      errors: [
        {
          field: 'email',
          message: 'The e-mail or password is not right.',
          summaryOnly: true,
          id: CHANGE_CREDENTIALS_ERROR_ID,
        },
      ],
    });
    expect(html).toContain('<title>Error: Harbour Vets – Change your sign-in e-mail</title>');
    expect(html).toMatch(/id="email"[^>]*aria-describedby="credentials-error"[^>]*aria-invalid="true"/);
    expect(html).toMatch(/id="password"[^>]*aria-describedby="credentials-error"[^>]*aria-invalid="true"/);
    expect(html).toContain('value="old@example.com"');
    expect(html).toContain('value="new@example.com"');
    expect(html).not.toMatch(/id="password"[^>]*value=/);
  });

  it('escape the addresses they show', () => {
    const newEmail = '"><script>alert(1)</script>@example.com';
    const code = emailChangeCodePage({
      ...brand,
      csrfToken: 't',
      action: '/account/email/code',
      changeId: 'c',
      newEmail,
      restartHref: '/account/email',
    }).html;
    const done = emailChangedPage({ ...brand, newEmail }).html;
    for (const html of [code, done]) {
      expect(html).not.toContain('<script>alert(1)');
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    }
    expect(code).toMatch(
      /<label for="code">Code from the e-mail<\/label>\s*<input [^>]*autocomplete="one-time-code" inputmode="numeric"/,
    );
    expect(done).toContain('<a class="button" href="http://localhost:3000/signin">Sign in</a>');
  });
});
