// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { accessibleDescription } from '@/testing/accessible-description';
import { MobileField, PersonNameFields } from './person-fields';
import type { BoundField } from './use-zod-form';

afterEach(cleanup);

const bound = (name: string, value = ''): BoundField<string> => ({
  name,
  value,
  onChange: () => {},
  onBlur: () => {},
  errorText: undefined,
  touched: false,
});

describe('a person’s fields', () => {
  it('asks for both names, required, with the browser’s name autocomplete and the form’s ids', () => {
    render(
      <PersonNameFields
        firstName={bound('firstName', 'Hannah')}
        lastName={bound('lastName')}
        idPrefix="guest"
      />,
    );
    const first = screen.getByRole<HTMLInputElement>('textbox', { name: /^First name/ });
    const last = screen.getByRole<HTMLInputElement>('textbox', { name: /^Last name/ });
    expect([first.id, first.autocomplete, first.required, first.value]).toEqual([
      'guest-first-name',
      'given-name',
      true,
      'Hannah',
    ]);
    expect([last.id, last.autocomplete, last.required]).toEqual(['guest-last-name', 'family-name', true]);
  });

  it('asks for a UK mobile number, saying what one looks like', () => {
    render(<MobileField field={bound('mobile')} idPrefix="details" />);
    const mobile = screen.getByRole<HTMLInputElement>('textbox', { name: /^Mobile number/ });
    expect([mobile.id, mobile.type, mobile.autocomplete, mobile.required]).toEqual([
      'details-mobile',
      'tel',
      'tel',
      true,
    ]);
    expect(accessibleDescription(mobile)).toContain('A UK mobile number, such as 07400 123456.');
  });
});
