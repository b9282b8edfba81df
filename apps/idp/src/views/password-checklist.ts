import {
  checkPassword,
  PASSWORD_HELPER_TEXT,
  PASSWORD_MIN_KINDS,
  PASSWORD_MIN_LENGTH,
  type PasswordRuleResult,
} from '@vet/contracts/password-policy';
import { escapeHtml } from './layout.ts';

export const PASSWORD_HINT_ID = 'password-hint';
export const PASSWORD_RULES_ID = 'password-rules';

function ruleState(met: boolean): { icon: string; text: string } {
  return met ? { icon: '✓', text: 'met' } : { icon: '✗', text: 'not met yet' };
}

/** The helper text and the checklist of R5.5 and R5.6: each rule shown met or not met. */
export function passwordChecklist(rules: PasswordRuleResult[] = checkPassword('').rules): string {
  const items = rules
    .map((rule) => {
      const state = ruleState(rule.met);
      return `<li data-rule="${rule.id}" data-met="${rule.met}" aria-atomic="true"><span class="rule-icon" aria-hidden="true">${state.icon}</span>${escapeHtml(rule.label)}<span class="visually-hidden">: <span class="rule-state">${state.text}</span></span></li>`;
    })
    .join('\n');
  return `<p class="hint" id="${PASSWORD_HINT_ID}">${escapeHtml(PASSWORD_HELPER_TEXT)}</p>
<ul class="rules" id="${PASSWORD_RULES_ID}" aria-live="polite">
${items}
</ul>
`;
}

/**
 * Progressive enhancement: updates the checklist as the person types. It runs the very checkPassword the
 * server validates with (its source, not a copy), so the two can never disagree.
 */
export const CHECKLIST_SCRIPT = `(function () {
var PASSWORD_MIN_LENGTH = ${PASSWORD_MIN_LENGTH};
var PASSWORD_MIN_KINDS = ${PASSWORD_MIN_KINDS};
var checkPassword = ${checkPassword.toString()};
var input = document.getElementById('password');
var list = document.getElementById('${PASSWORD_RULES_ID}');
if (!input || !list) return;
var states = { true: ${JSON.stringify(ruleState(true))}, false: ${JSON.stringify(ruleState(false))} };
input.addEventListener('input', function () {
  checkPassword(input.value).rules.forEach(function (rule) {
    var item = list.querySelector('[data-rule="' + rule.id + '"]');
    if (!item || item.getAttribute('data-met') === String(rule.met)) return;
    var state = states[rule.met];
    item.setAttribute('data-met', String(rule.met));
    item.querySelector('.rule-icon').textContent = state.icon;
    item.querySelector('.rule-state').textContent = state.text;
  });
});
})();`;
