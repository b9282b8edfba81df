import type { PasswordRuleResult } from '@vet/contracts/password-policy';
import { inputField, type FormError } from './form-parts.ts';
import { PASSWORD_HINT_ID, PASSWORD_RULES_ID, passwordChecklist } from './password-checklist.ts';

/**
 * "Password" with its live checklist (R5.5, R5.6) and "Confirm password", as sign-up and a password reset
 * ask for them. Pages using it add CHECKLIST_SCRIPT.
 */
export function newPasswordFields(
  errors: FormError[],
  passwordRules?: PasswordRuleResult[],
  label = 'Password',
): string {
  return `${inputField({
    id: 'password',
    label,
    type: 'password',
    autocomplete: 'new-password',
    errors,
    describedBy: [PASSWORD_HINT_ID, PASSWORD_RULES_ID],
    before: passwordChecklist(passwordRules),
  })}
${inputField({ id: 'confirm-password', label: `Confirm ${label.toLowerCase()}`, type: 'password', autocomplete: 'new-password', errors })}`;
}
