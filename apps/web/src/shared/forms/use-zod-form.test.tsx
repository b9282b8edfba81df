// @vitest-environment jsdom
import { ThemeProvider } from '@mui/material/styles';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FormFooter } from '@/shared/components/form-footer';
import { theme } from '@/shared/theme/theme';
import { accessibleDescription } from '@/testing/accessible-description';
import { FormTextField } from './form-text-field';
import { collectErrors, useZodForm } from './use-zod-form';

afterEach(cleanup);

const schema = z.object({
  lastName: z.string().trim().min(1, 'Enter your last name'),
  postcode: z
    .string()
    .trim()
    .regex(/^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i, 'Enter a full UK postcode, such as PO1 3AA'),
});

function SignUpCheck({ onValid }: { onValid: (data: z.output<typeof schema>) => Promise<void> }) {
  const form = useZodForm(schema, { lastName: '', postcode: '' });
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)}>
      <FormTextField label="Last name" {...form.field('lastName')} />
      <FormTextField label="Postcode" {...form.field('postcode')} />
      <FormFooter submitting={form.submitting} onBack={() => undefined} />
    </form>
  );
}

function renderForm(onValid = vi.fn(() => Promise.resolve())) {
  render(
    <ThemeProvider theme={theme}>
      <SignUpCheck onValid={onValid} />
    </ThemeProvider>,
  );
  return {
    onValid,
    lastName: screen.getByRole('textbox', { name: 'Last name' }),
    postcode: screen.getByRole('textbox', { name: 'Postcode' }),
  };
}

describe('collectErrors', () => {
  it('keeps the first message per field', () => {
    expect(collectErrors(schema, { lastName: '', postcode: 'nope' })).toEqual({
      lastName: 'Enter your last name',
      postcode: 'Enter a full UK postcode, such as PO1 3AA',
    });
    expect(collectErrors(schema, { lastName: 'Hughes', postcode: 'PO1 3AA' })).toEqual({});
  });
});

describe('useZodForm', () => {
  it('validates on blur and then on every change', () => {
    const { postcode } = renderForm();
    fireEvent.change(postcode, { target: { value: 'PO1' } });
    expect(screen.queryByText(/Enter a full UK postcode/)).toBeNull();

    fireEvent.blur(postcode);
    expect(accessibleDescription(postcode)).toBe('Enter a full UK postcode, such as PO1 3AA');
    expect(postcode.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(postcode, { target: { value: 'PO1 3AA' } });
    expect(screen.queryByText(/Enter a full UK postcode/)).toBeNull();
  });

  it('on a submit with errors shows every error, focuses the first invalid field and does not submit', async () => {
    const { onValid, lastName, postcode } = renderForm();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
      await Promise.resolve();
    });
    expect(accessibleDescription(lastName)).toBe('Enter your last name');
    expect(accessibleDescription(postcode)).toBe('Enter a full UK postcode, such as PO1 3AA');
    expect(document.activeElement).toBe(lastName);
    expect(onValid).not.toHaveBeenCalled();
  });

  it("submits the parsed values and reads 'Submitting...' with Back disabled meanwhile", async () => {
    let finish: () => void = () => undefined;
    const onValid = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { lastName, postcode } = renderForm(onValid);
    fireEvent.change(lastName, { target: { value: '  Hughes ' } });
    fireEvent.change(postcode, { target: { value: 'PO1 3AA' } });

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
      await Promise.resolve();
    });

    expect(onValid).toHaveBeenCalledWith({ lastName: 'Hughes', postcode: 'PO1 3AA' });
    expect(screen.getByRole('button', { name: 'Submitting...' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Back' })).toHaveProperty('disabled', true);

    await act(async () => {
      finish();
      await Promise.resolve();
    });
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', false);
  });
});
