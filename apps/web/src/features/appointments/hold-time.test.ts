import { describe, expect, it } from 'vitest';
import { holdMoment, minutesLeft, minutesLeftText } from './hold-time';

const expiresAt = '2026-11-23T10:15:00Z';
const at = (iso: string) => Date.parse(iso);

describe('minutesLeft', () => {
  it('rounds up, so a living hold never says 0 minutes', () => {
    expect(minutesLeft(expiresAt, at('2026-11-23T10:00:00Z'))).toBe(15);
    expect(minutesLeft(expiresAt, at('2026-11-23T10:14:59Z'))).toBe(1);
    expect(minutesLeft(expiresAt, at('2026-11-23T10:13:01Z'))).toBe(2);
  });

  it('is 0 once the hold has ended, and never negative', () => {
    expect(minutesLeft(expiresAt, at('2026-11-23T10:15:00Z'))).toBe(0);
    expect(minutesLeft(expiresAt, at('2026-11-23T11:00:00Z'))).toBe(0);
  });

  it('reads in words', () => {
    expect(minutesLeftText(1)).toBe('1 minute');
    expect(minutesLeftText(12)).toBe('12 minutes');
  });
});

describe('holdMoment', () => {
  it('is quiet with more than 5 minutes left', () => {
    expect(holdMoment(expiresAt, at('2026-11-23T10:09:59Z'))).toBeNull();
  });

  it('marks 5 minutes left, the 2-minute warning, and the end', () => {
    expect(holdMoment(expiresAt, at('2026-11-23T10:10:00Z'))).toBe('five-minutes');
    expect(holdMoment(expiresAt, at('2026-11-23T10:13:00Z'))).toBe('warning');
    expect(holdMoment(expiresAt, at('2026-11-23T10:15:00Z'))).toBe('ended');
  });
});
