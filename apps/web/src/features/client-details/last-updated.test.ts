import { describe, expect, it } from 'vitest';
import { lastUpdatedText } from './last-updated';

describe('lastUpdatedText', () => {
  it('gives the UK date of the last confirmation', () => {
    expect(lastUpdatedText('2026-11-22T23:30:00Z')).toBe('Last updated 22 November 2026');
    expect(lastUpdatedText('2026-06-30T23:30:00Z')).toBe('Last updated 1 July 2026');
  });

  it('says when they were never confirmed', () => {
    expect(lastUpdatedText(null)).toBe('You have not confirmed your contact preferences yet.');
  });
});
