// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FormFooter } from '@/shared/components/form-footer';
import { submissionFailedMessage } from '@/shared/api/api-problem';
import { ToastContext, type ToastApi } from '@/shared/toast/toast-context';
import { accessibleDescription } from '@/testing/accessible-description';
import { FormTextField } from './form-text-field';
import { collectErrors, useZodForm, type FormRules } from './use-zod-form';

afterEach(cleanup);

const schema = z.object({
  lastName: z.string().trim().min(1, 'Enter your last name'),
  postcode: z
    .string()
    .trim()
    .regex(/^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i, 'Enter a full UK postcode, such as PO1 3AA'),
});

type Schema = typeof schema;
function SignUpCheck({
  onValid,
  rules,
}: {
  onValid: (data: z.output<Schema>) => Promise<void>;
  rules: FormRules<Schema>;
}) {
  const form = useZodForm(rules, { lastName: '', postcode: '' });
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)}>
      <FormTextField label="Last name" {...form.field('lastName')} />
      <FormTextField label="Postcode" {...form.field('postcode')} />
      <FormFooter submitting={form.submitting} onBack={() => undefined} />
    </form>
  );
}

function renderForm(
  onValid = vi.fn(() => Promise.resolve()),
  rules: FormRules<Schema> = () => Promise.resolve(schema),
) {
  const toast: ToastApi = { showToast: vi.fn() };
  render(
    <ToastContext value={toast}>
      <SignUpCheck onValid={onValid} rules={rules} />
    </ToastContext>,
  );
  return {
    onValid,
    toast,
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
  it('validates on blur and then on every change', async () => {
    const { postcode } = renderForm();
    fireEvent.change(postcode, { target: { value: 'PO1' } });
    expect(screen.queryByText(/Enter a full UK postcode/)).toBeNull();

    fireEvent.blur(postcode);
    await waitFor(() =>
      expect(accessibleDescription(postcode)).toBe('Enter a full UK postcode, such as PO1 3AA'),
    );
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

  it('loads its rules on the first change, not before, and once loaded keeps them for the next form', async () => {
    const rules = vi.fn(() => Promise.resolve(schema));
    const { lastName } = renderForm(undefined, rules);
    expect(rules).not.toHaveBeenCalled();
    fireEvent.change(lastName, { target: { value: 'H' } });
    await waitFor(() => expect(rules).toHaveBeenCalledTimes(1));
    cleanup();

    const again = renderForm(undefined, rules);
    fireEvent.blur(again.postcode);
    // At once: the rules of this loader are known.
    expect(accessibleDescription(again.postcode)).toBe('Enter a full UK postcode, such as PO1 3AA');
    expect(rules).toHaveBeenCalledTimes(1);
  });

  it('on a submit before the rules arrive reads Submitting..., then checks and sends', async () => {
    let deliver: () => void = () => undefined;
    const rules = () => new Promise<Schema>((resolve) => (deliver = () => resolve(schema)));
    const { onValid, lastName, postcode } = renderForm(undefined, rules);
    fireEvent.change(lastName, { target: { value: 'Hughes' } });
    fireEvent.change(postcode, { target: { value: 'PO1 3AA' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('button', { name: 'Submitting...' })).toHaveProperty('disabled', true);
    expect(onValid).not.toHaveBeenCalled();

    await act(async () => {
      deliver();
      await Promise.resolve();
    });
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ lastName: 'Hughes', postcode: 'PO1 3AA' }));
  });

  it('when its rules cannot be loaded, says R8.5 on submit, keeps the values, and tries again next time', async () => {
    const rules = vi
      .fn<FormRules<Schema>>()
      .mockRejectedValueOnce(new Error('ChunkLoadError'))
      .mockRejectedValueOnce(new Error('ChunkLoadError'))
      .mockResolvedValue(schema);
    const { onValid, toast, lastName, postcode } = renderForm(undefined, rules);
    fireEvent.change(lastName, { target: { value: 'Hughes' } });
    fireEvent.change(postcode, { target: { value: 'PO1 3AA' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(toast.showToast).toHaveBeenCalledWith(submissionFailedMessage, 'error'));
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', false);
    expect(onValid).not.toHaveBeenCalled();
    expect(lastName).toHaveProperty('value', 'Hughes');

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ lastName: 'Hughes', postcode: 'PO1 3AA' }));
  });
});
