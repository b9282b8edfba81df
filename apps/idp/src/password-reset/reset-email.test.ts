import { describe, expect, it } from 'vitest';
import { passwordResetEmail } from './reset-email.ts';

describe('the reset e-mail', () => {
  const url = 'http://localhost:4100/password/reset?token=abc&x=1';
  const email = passwordResetEmail({
    to: 'someone@example.test',
    brandName: 'Harbour Vets',
    resetUrl: url,
    portalUrl: 'https://portal.example',
  });

  it('goes to the account’s address, with the link in both parts', () => {
    expect(email.to).toBe('someone@example.test');
    expect(email.subject).toBe('Reset your Harbour Vets password');
    expect(email.text).toContain(`Choose a new password: ${url}`);
    expect(email.html).toContain('href="http://localhost:4100/password/reset?token=abc&amp;x=1"');
  });

  it('says how long the link works, what happens next, and what to do if it was not you', () => {
    expect(email.text).toContain('It works once, for 1 hour.');
    expect(email.text).toContain('you will be signed out everywhere');
    expect(email.text).toContain('If you did not ask for this, you can ignore this e-mail');
  });

  // Decision 0143: every e-mail of the portal ends with the way to complain.
  it('ends with the link to the portal’s complaints page', () => {
    expect(email.text).toContain('mediation service: https://portal.example/complaints');
    expect(email.html).toContain('href="https://portal.example/complaints"');
  });
});
