import { describe, expect, it } from 'vitest';
import { foldCalendarLine } from './calendar-lines.ts';

const octets = (text: string) => new TextEncoder().encode(text).length;

describe('foldCalendarLine', () => {
  it('leaves a line of 75 octets or fewer as it is', () => {
    expect(foldCalendarLine('SUMMARY:Biscuit: Vaccination')).toBe('SUMMARY:Biscuit: Vaccination');
    const full = `DESCRIPTION:${'a'.repeat(63)}`;
    expect(octets(full)).toBe(75);
    expect(foldCalendarLine(full)).toBe(full);
    expect(foldCalendarLine('')).toBe('');
  });

  it('folds after 75 octets, then every 74 after the continuation’s leading space', () => {
    const line = `DESCRIPTION:${'a'.repeat(200)}`;
    const parts = foldCalendarLine(line).split('\r\n');
    expect(parts.map((part) => octets(part))).toEqual([75, 75, 64]);
    expect(parts.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(foldCalendarLine(line).replace(/\r\n /g, '')).toBe(line);
  });

  it('counts octets, not characters, and never splits a character', () => {
    const line = `LOCATION:${'Llŷn ğ 🐾 '.repeat(12)}`;
    const folded = foldCalendarLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(octets(part)).toBeLessThanOrEqual(75);
    expect(folded.includes('\uFFFD')).toBe(false);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });
});
