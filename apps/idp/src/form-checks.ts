import {
  checkPassword,
  PASSWORD_MIN_KINDS,
  PASSWORD_MIN_LENGTH,
  type PasswordRuleResult,
} from '@vet/contracts/password-policy';
import { looksLikeEmail } from './accounts.ts';
import type { FormError } from './views/form-parts.ts';

/** The e-mail field of sign-up and of "Forgot your password?". */
export function checkEmail(email: string): FormError[] {
  if (!email) return [{ field: 'email', message: 'Enter your e-mail address' }];
  if (!looksLikeEmail(email)) {
    return [
      { field: 'email', message: 'Enter an e-mail address in the right format, like name@example.com' },
    ];
  }
  return [];
}

export interface NewPasswordCheck {
  errors: FormError[];
  /** The rules as the refused password met them, for the checklist (the field itself comes back empty). */
  brokenRules: PasswordRuleResult[] | undefined;
}

/** The password and confirm-password fields of sign-up and of a password reset: the policy of R5.6. */
export function checkNewPassword(password: string, confirmation: string): NewPasswordCheck {
  const errors: FormError[] = [];
  const rules = checkPassword(password);
  if (!password) errors.push({ field: 'password', message: 'Enter a password' });
  else if (!rules.valid) {
    const tooShort = rules.rules.some((rule) => rule.id === 'length' && !rule.met);
    const message = tooShort
      ? `Your password must contain at least ${PASSWORD_MIN_LENGTH} characters`
      : `Your password must contain at least ${PASSWORD_MIN_KINDS} of the kinds of character listed`;
    errors.push({ field: 'password', message });
  }
  if (!confirmation) errors.push({ field: 'confirm-password', message: 'Confirm your password' });
  else if (password && confirmation !== password) {
    errors.push({ field: 'confirm-password', message: 'The passwords do not match' });
  }
  const brokenRules = errors.some((e) => e.field === 'password') ? rules.rules : undefined;
  return { errors, brokenRules };
}
