import { describe, expect, it } from 'vitest';
import { copyRow, copyValue } from './copy-text.ts';

describe('COPY text values', () => {
  it('writes null as \\N and an empty string as nothing', () => {
    expect(copyValue(null)).toBe('\\N');
    expect(copyValue(undefined)).toBe('\\N');
    expect(copyValue('')).toBe('');
  });

  it('escapes backslashes, tabs, line feeds and carriage returns, nothing else', () => {
    expect(copyValue('a\\b\tc\nd\re, "f"')).toBe('a\\\\b\\tc\\nd\\re, "f"');
  });

  it('writes booleans, numbers and arrays as PostgreSQL reads them', () => {
    expect(copyValue(true)).toBe('t');
    expect(copyValue(false)).toBe('f');
    expect(copyValue(42)).toBe('42');
    expect(copyValue([3, 1])).toBe('{3,1}');
    expect(copyValue(['09:00-09:15', 'a"b\\c'])).toBe('{"09:00-09:15","a\\\\"b\\\\\\\\c"}');
    expect(copyValue([])).toBe('{}');
  });

  it('joins a row with tabs and ends it with a line feed', () => {
    expect(copyRow(['1', '\\N', 'x'])).toBe('1\t\\N\tx\n');
  });
});
