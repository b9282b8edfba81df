import { describe, expect, it } from 'vitest';
import { formatAge, parseAge } from './ages.ts';

describe('parseAge', () => {
  it('reads minutes, hours and days', () => {
    expect(parseAge('30m')).toBe(30 * 60_000);
    expect(parseAge('24h')).toBe(24 * 3_600_000);
    expect(parseAge('48h')).toBe(48 * 3_600_000);
    expect(parseAge(' 7d ')).toBe(7 * 86_400_000);
    expect(parseAge('0m')).toBe(0);
  });

  it('refuses anything else', () => {
    for (const text of ['', '24', 'h', '1.5h', '-1h', '24H', '1w', '2 d', '1h30m', '3651d', '99999999m'])
      expect(parseAge(text), text).toBeUndefined();
  });
});

describe('formatAge', () => {
  it('gives the two largest units, rounded down', () => {
    expect(formatAge(45 * 60_000 + 59_000)).toBe('45m');
    expect(formatAge(5 * 3_600_000 + 12 * 60_000)).toBe('5h 12m');
    expect(formatAge(3 * 86_400_000 + 4 * 3_600_000 + 59 * 60_000)).toBe('3d 4h');
    expect(formatAge(-5)).toBe('0m');
  });
});
