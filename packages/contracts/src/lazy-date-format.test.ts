import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyDateFormat } from './lazy-date-format.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('lazyDateFormat', () => {
  it('makes no formatter until asked, then one, kept', () => {
    const Real = Intl.DateTimeFormat;
    const made = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (
      ...args: ConstructorParameters<typeof Real>
    ) {
      return new Real(...args);
    });
    const format = lazyDateFormat('en-GB', { timeZone: 'UTC', month: 'long' });
    expect(made).not.toHaveBeenCalled();
    expect(format().format(new Date('2026-03-14T12:00:00Z'))).toBe('March');
    expect(format()).toBe(format());
    expect(made).toHaveBeenCalledOnce();
  });
});
