// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { PASSWORD_HELPER_TEXT } from '@vet/contracts/password-policy';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { accessibleDescription } from '@/testing/accessible-description';
import { FormPasswordField } from './form-password-field';
import { FormTextField, wrappedErrorClass, type FormTextFieldProps } from './form-text-field';

afterEach(cleanup);

type Controlled = Omit<FormTextFieldProps, 'value' | 'onChange' | 'onBlur' | 'touched'> & {
  initial?: string;
};

function ControlledText({ initial = '', ...props }: Controlled) {
  const [value, setValue] = useState(initial);
  const [touched, setTouched] = useState(false);
  return (
    <FormTextField
      {...props}
      value={value}
      onChange={setValue}
      touched={touched}
      onBlur={() => setTouched(true)}
    />
  );
}

function renderField(props: Controlled) {
  render(<ControlledText {...props} />);
  return screen.getByRole('textbox', { name: props.label as string });
}

describe('FormTextField', () => {
  it('shows its error only once touched, and then marks the input invalid', () => {
    const input = renderField({ name: 'postcode', label: 'Postcode', errorText: 'Enter your postcode' });
    expect(screen.queryByText('Enter your postcode')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBe('false');

    fireEvent.blur(input);

    const error = screen.getByText('Enter your postcode');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(error.closest('p')?.id ?? 'missing');
  });

  it("clears 'Please enter a reason' as soon as the field has a value", () => {
    const input = renderField({ name: 'reason', label: 'Reason', errorText: 'Please enter a reason' });
    fireEvent.blur(input);
    expect(accessibleDescription(input)).toBe('Please enter a reason');
    expect(input.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(input, { target: { value: 'Limping' } });

    expect(screen.queryByText('Please enter a reason')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBe('false');
  });

  it("counts characters as 'current/max' when it has a max length and the counter is on", () => {
    const input = renderField({ name: 'notes', label: 'Notes', maxLength: 250, showCounter: true });
    expect(screen.getByTestId('notes-counter').textContent).toBe('0/250');
    expect(input.getAttribute('maxlength')).toBe('250');

    fireEvent.change(input, { target: { value: 'Limping' } });

    expect(screen.getByTestId('notes-counter').textContent).toBe('7/250');
  });

  it('shows no counter without showCounter', () => {
    renderField({ name: 'notes', label: 'Notes', maxLength: 250 });
    expect(screen.queryByTestId('notes-counter')).toBeNull();
  });

  it('wraps error messages longer than 33 characters', () => {
    const input = renderField({
      name: 'email',
      label: 'Email',
      errorText: 'Enter an e-mail address like name@example.com',
    });
    fireEvent.blur(input);
    const helper = screen
      .getByText('Enter an e-mail address like name@example.com')
      .closest('p') as HTMLElement;
    expect(helper.classList.contains(wrappedErrorClass)).toBe(true);
    expect(getComputedStyle(helper).whiteSpace).toBe('normal');
  });

  it('keeps short error messages on one line', () => {
    const input = renderField({ name: 'postcode', label: 'Postcode', errorText: 'Enter your postcode' });
    fireEvent.blur(input);
    const helper = screen.getByText('Enter your postcode').closest('p') as HTMLElement;
    expect(helper.classList.contains(wrappedErrorClass)).toBe(false);
    expect(getComputedStyle(helper).whiteSpace).toBe('nowrap');
  });
});

function ControlledPassword({ helperText }: { helperText?: string }) {
  const [value, setValue] = useState('');
  return (
    <FormPasswordField
      name="password"
      label="Password"
      value={value}
      onChange={setValue}
      helperText={helperText}
    />
  );
}

function renderPassword(helperText?: string) {
  render(<ControlledPassword helperText={helperText} />);
  return screen.getByLabelText('Password', { selector: 'input' });
}

describe('FormPasswordField', () => {
  it('shows the checklist when the helper text contains "Your password must contain"', () => {
    const input = renderPassword(PASSWORD_HELPER_TEXT);
    const checklist = screen.getByRole('list', { name: 'Password requirements' });
    expect(checklist.getAttribute('aria-live')).toBe('polite');
    expect(input.getAttribute('aria-describedby')).toContain(checklist.id);
    const items = within(checklist).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'At least 8 characters: not met',
      'Lower case letters (a-z): not met',
      'Upper case letters (A-Z): not met',
      'Numbers (0-9): not met',
      'Special characters (e.g. !@#$%^&*): not met',
    ]);

    fireEvent.change(input, { target: { value: 'abcdefG1' } });

    expect(
      within(checklist)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'At least 8 characters: met',
      'Lower case letters (a-z): met',
      'Upper case letters (A-Z): met',
      'Numbers (0-9): met',
      'Special characters (e.g. !@#$%^&*): not met',
    ]);
  });

  it('has no checklist for other helper texts', () => {
    renderPassword('Enter the password you chose');
    expect(screen.queryByRole('list', { name: 'Password requirements' })).toBeNull();
  });

  it('shows and hides the password with a toggle button', () => {
    const input = renderPassword();
    expect(input.getAttribute('type')).toBe('password');
    const toggle = screen.getByRole('button', { name: 'Show password' });

    fireEvent.click(toggle);

    expect(input.getAttribute('type')).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
  });
});
