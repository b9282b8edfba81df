/**
 * R5.6: at least 8 characters and at least 3 of these 4 kinds: lower-case letters, upper-case letters,
 * a digit, a special character (anything that is neither a letter nor a digit).
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MIN_KINDS = 3;
export const PASSWORD_HELPER_TEXT =
  'Your password must contain at least 8 characters and at least 3 of: lower-case letters, upper-case letters, a number, a special character.';

export type PasswordRuleId = 'length' | 'lower' | 'upper' | 'digit' | 'special';

export interface PasswordRuleResult {
  id: PasswordRuleId;
  label: string;
  met: boolean;
}

export function checkPassword(password: string): { rules: PasswordRuleResult[]; valid: boolean } {
  const kinds: PasswordRuleResult[] = [
    { id: 'lower', label: 'Lower case letters (a-z)', met: /\p{Ll}/u.test(password) },
    { id: 'upper', label: 'Upper case letters (A-Z)', met: /\p{Lu}/u.test(password) },
    { id: 'digit', label: 'Numbers (0-9)', met: /\p{Nd}/u.test(password) },
    { id: 'special', label: 'Special characters (e.g. !@#$%^&*)', met: /[^\p{L}\p{Nd}]/u.test(password) },
  ];
  const length: PasswordRuleResult = {
    id: 'length',
    label: `At least ${PASSWORD_MIN_LENGTH} characters`,
    met: [...password].length >= PASSWORD_MIN_LENGTH,
  };
  const kindsMet = kinds.filter((k) => k.met).length;
  return { rules: [length, ...kinds], valid: length.met && kindsMet >= PASSWORD_MIN_KINDS };
}
