import { PASSWORD_HELPER_TEXT } from '@vet/contracts/password-policy';
import { describe, expect, it } from 'vitest';
import { characterCount, isLongError, showsPasswordChecklist, visibleFieldError } from './field-rules';

describe('visibleFieldError', () => {
  it('shows nothing until the field is touched', () => {
    expect(visibleFieldError({ error: 'Enter your postcode', touched: false, value: '' })).toBeUndefined();
    expect(visibleFieldError({ error: 'Enter your postcode', touched: true, value: '' })).toBe(
      'Enter your postcode',
    );
  });

  it("clears 'Please enter a reason' whenever the field has a value", () => {
    expect(visibleFieldError({ error: 'Please enter a reason', touched: true, value: '' })).toBe(
      'Please enter a reason',
    );
    expect(visibleFieldError({ error: 'Please enter a reason', touched: true, value: '   ' })).toBe(
      'Please enter a reason',
    );
    expect(
      visibleFieldError({ error: 'Please enter a reason', touched: true, value: 'Limping' }),
    ).toBeUndefined();
  });

  it('keeps other errors when the field has a value', () => {
    expect(visibleFieldError({ error: 'Enter a valid postcode', touched: true, value: 'X' })).toBe(
      'Enter a valid postcode',
    );
  });
});

describe('isLongError', () => {
  it('is true past 33 characters', () => {
    expect(isLongError('x'.repeat(33))).toBe(false);
    expect(isLongError('x'.repeat(34))).toBe(true);
    expect(isLongError(undefined)).toBe(false);
  });
});

describe('characterCount', () => {
  it("reads 'current/max'", () => {
    expect(characterCount('', 250)).toBe('0/250');
    expect(characterCount('Limping', 250)).toBe('7/250');
  });
});

describe('showsPasswordChecklist', () => {
  it("is on when the helper text contains 'Your password must contain'", () => {
    expect(showsPasswordChecklist(PASSWORD_HELPER_TEXT)).toBe(true);
    expect(showsPasswordChecklist('At least 8 characters')).toBe(false);
    expect(showsPasswordChecklist(undefined)).toBe(false);
  });
});
