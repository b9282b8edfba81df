import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressLookupMessages, addressLookupQuerySchema, checkAddressLookupText } from './address-lookup.ts';

describe('checkAddressLookupText', () => {
  it('says what the query schema says, for any text (the browser checks without zod)', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 120 }),
      fc.constantFrom('', ' ', ' a ', 'PO1', ` ${'x'.repeat(100)} `),
    );
    fc.assert(
      fc.property(text, (input) => {
        const parsed = addressLookupQuerySchema.safeParse({ text: input });
        const checked = checkAddressLookupText(input);
        if (parsed.success) expect(checked).toEqual({ ok: true, text: parsed.data.text });
        else expect(checked).toEqual({ ok: false, message: parsed.error.issues[0]?.message });
      }),
    );
  });

  it('refuses one character and 101, and trims what it accepts', () => {
    expect(checkAddressLookupText(' a ')).toEqual({ ok: false, message: addressLookupMessages.tooShort });
    expect(checkAddressLookupText('x'.repeat(101))).toEqual({
      ok: false,
      message: addressLookupMessages.tooLong,
    });
    expect(addressLookupMessages).toEqual({
      tooShort: 'Enter at least 2 characters of the postcode or address.',
      tooLong: 'Enter at most 100 characters.',
      unavailable: 'Address search is not available just now: type your address.',
      off: 'Address search is not available: type your address.',
    });
    expect(checkAddressLookupText('  PO1 3AA ')).toEqual({ ok: true, text: 'PO1 3AA' });
  });
});
