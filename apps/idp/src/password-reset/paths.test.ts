import { describe, expect, it } from 'vitest';
import {
  backToSignInHref,
  forgotPasswordHref,
  interactionUidOrUndefined,
  resetPasswordUrl,
} from './paths.ts';

describe('the password pages’ links', () => {
  it('keep the sign-in the person came from, and go to the portal’s sign-in otherwise', () => {
    expect(forgotPasswordHref('abc_D-1')).toBe('/password/forgot?interaction=abc_D-1');
    expect(forgotPasswordHref()).toBe('/password/forgot');
    expect(backToSignInHref('http://localhost:3000', 'abc_D-1')).toBe('/interaction/abc_D-1/login');
    expect(backToSignInHref('http://localhost:3000')).toBe('http://localhost:3000/signin');
  });

  it('accept only what an interaction id can be', () => {
    expect(interactionUidOrUndefined('abc_D-1')).toBe('abc_D-1');
    for (const value of [null, '', '../x', 'a/b', '"><script>', 'x'.repeat(65)]) {
      expect(interactionUidOrUndefined(value)).toBeUndefined();
    }
  });

  it('send the e-mail’s link to the provider’s own reset page', () => {
    expect(resetPasswordUrl('http://localhost:4100', 'tok_en-1')).toBe(
      'http://localhost:4100/password/reset?token=tok_en-1',
    );
  });
});
