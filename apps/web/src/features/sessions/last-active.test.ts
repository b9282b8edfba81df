import { describe, expect, it } from 'vitest';
import { lastActiveText } from './last-active';

describe('lastActiveText', () => {
  const now = new Date('2026-07-14T10:00:00Z');

  it('says "Active now" within two minutes', () => {
    expect(lastActiveText('2026-07-14T09:58:30Z', now)).toBe('Active now');
    expect(lastActiveText('2026-07-14T10:00:00Z', now)).toBe('Active now');
  });

  it('gives the UK date and time otherwise', () => {
    // 09:05 UTC in July is 10:05 in London (BST); in January UTC and London agree.
    expect(lastActiveText('2026-07-14T09:05:00Z', now)).toBe('Last active 14 July 2026 at 10:05');
    expect(lastActiveText('2026-01-03T18:30:00Z', now)).toBe('Last active 3 January 2026 at 18:30');
  });
});
