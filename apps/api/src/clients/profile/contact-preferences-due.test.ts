import { describe, expect, it } from 'vitest';
import { isContactPreferencesUpdateDue } from './contact-preferences-due.ts';

const now = new Date('2026-05-15T10:00:00Z');

describe('isContactPreferencesUpdateDue', () => {
  it('is due when the preferences were never confirmed', () => {
    expect(isContactPreferencesUpdateDue(null, now)).toBe(true);
  });

  it.each([
    ['23 months ago', '2024-06-15T10:00:00Z', false],
    ['exactly 24 months ago', '2024-05-15T10:00:00Z', false],
    ['24 months and a millisecond ago', '2024-05-15T09:59:59.999Z', true],
    ['25 months ago', '2024-04-15T10:00:00Z', true],
    ['just now', '2026-05-15T10:00:00Z', false],
  ])('confirmed %s: due is %s', (_case, confirmedAt, due) => {
    expect(isContactPreferencesUpdateDue(new Date(confirmedAt), now)).toBe(due);
  });

  it('counts calendar months from the end of a month', () => {
    // 24 months before 31 May 2026 is 31 May 2024.
    const endOfMonth = new Date('2026-05-31T12:00:00Z');
    expect(isContactPreferencesUpdateDue(new Date('2024-05-31T12:00:00Z'), endOfMonth)).toBe(false);
    expect(isContactPreferencesUpdateDue(new Date('2024-05-30T12:00:00Z'), endOfMonth)).toBe(true);
  });
});
