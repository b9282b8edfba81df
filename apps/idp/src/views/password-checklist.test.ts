import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { checkPassword } from '@vet/contracts/password-policy';
import { CHECKLIST_SCRIPT, passwordChecklist } from './password-checklist.ts';

/** The few DOM calls the script makes, over the checklist's own markup. */
function fakePage() {
  const items = new Map<string, { met: string; icon: string; state: string }>();
  for (const match of passwordChecklist().matchAll(/data-rule="(\w+)" data-met="(\w+)"/g)) {
    items.set(match[1] ?? '', { met: match[2] ?? '', icon: '', state: '' });
  }
  let onInput: (() => void) | undefined;
  const input = { value: '', addEventListener: (_: string, listener: () => void) => (onInput = listener) };
  const element = (rule: string) => {
    const item = items.get(rule);
    if (!item) return null;
    return {
      getAttribute: () => item.met,
      setAttribute: (_: string, value: string) => (item.met = value),
      querySelector: (selector: string) => ({
        set textContent(text: string) {
          if (selector === '.rule-icon') item.icon = text;
          else item.state = text;
        },
      }),
    };
  };
  const list = {
    querySelector: (selector: string) => element(/data-rule="(\w+)"/.exec(selector)?.[1] ?? ''),
  };
  const document = { getElementById: (id: string) => (id === 'password' ? input : list) };
  runInNewContext(CHECKLIST_SCRIPT, { document });
  return {
    type(value: string) {
      input.value = value;
      onInput?.();
    },
    items,
  };
}

describe('the password checklist script', () => {
  it('marks each rule exactly as the server-side checkPassword does', () => {
    const page = fakePage();
    for (const password of [
      '',
      'abc',
      'abcdefgh',
      'Abcdefgh',
      'Abcdefg1',
      'ab1!',
      'Pässwörd',
      'пароль12',
      '        ',
    ]) {
      page.type(password);
      for (const rule of checkPassword(password).rules) {
        expect([password, rule.id, page.items.get(rule.id)?.met]).toEqual([
          password,
          rule.id,
          String(rule.met),
        ]);
      }
    }
    expect(page.items.get('length')).toMatchObject({ met: 'true', state: 'met' });
  });

  it('renders every rule, unmet until typed, in a polite live region', () => {
    const html = passwordChecklist();
    expect(html).toContain('aria-live="polite"');
    expect(html.match(/data-met="false"/g)).toHaveLength(5);
  });
});
