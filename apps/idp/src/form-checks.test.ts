import { describe, expect, it } from 'vitest';
import { checkEmail, checkNewPassword } from './form-checks.ts';

describe('the form checks', () => {
  it('ask for an e-mail address in the right format', () => {
    expect(checkEmail('')).toEqual([{ field: 'email', message: 'Enter your e-mail address' }]);
    expect(checkEmail('name@')[0]?.message).toContain('like name@example.com');
    expect(checkEmail('Name@Example.com')).toEqual([]);
  });

  it('apply the password policy and the confirmation, and give the broken rules', () => {
    expect(checkNewPassword('Correct-Horse-9', 'Correct-Horse-9')).toEqual({
      errors: [],
      brokenRules: undefined,
    });
    const short = checkNewPassword('Ab1', 'Ab1');
    expect(short.errors).toEqual([
      { field: 'password', message: 'Your password must contain at least 8 characters' },
    ]);
    expect(short.brokenRules?.find((rule) => rule.id === 'length')?.met).toBe(false);
    expect(checkNewPassword('password123', 'password123').errors[0]?.message).toBe(
      'Your password must contain at least 3 of the kinds of character listed',
    );
    expect(checkNewPassword('', '').errors.map((e) => e.message)).toEqual([
      'Enter a password',
      'Confirm your password',
    ]);
    expect(checkNewPassword('Correct-Horse-9', 'Correct-Horse-8')).toMatchObject({
      errors: [{ field: 'confirm-password', message: 'The passwords do not match' }],
      brokenRules: undefined,
    });
  });
});
