// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormFooter, type FormFooterProps } from './form-footer';

afterEach(cleanup);

function renderFooter(props: FormFooterProps) {
  render(
    <form onSubmit={(event) => event.preventDefault()}>
      <FormFooter {...props} />
    </form>,
  );
}

describe('FormFooter', () => {
  it("has a 'Back' button and a 'Continue' submit button", () => {
    const onBack = vi.fn();
    renderFooter({ onBack });
    const submit = screen.getByRole('button', { name: 'Continue' });
    expect(submit.getAttribute('type')).toBe('submit');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledOnce();
  });

  it('takes other labels', () => {
    renderFooter({ onBack: vi.fn(), backLabel: 'Cancel', submitLabel: 'Book appointment' });
    expect(
      screen.getAllByRole('button').map((button) => [button.textContent, button.getAttribute('type')]),
    ).toEqual([
      ['Cancel', 'button'],
      ['Book appointment', 'submit'],
    ]);
  });

  it("reads 'Submitting...' and disables Back while submitting", () => {
    renderFooter({ onBack: vi.fn(), submitting: true, submitLabel: 'Save' });
    const submit = screen.getByRole('button', { name: 'Submitting...' });
    expect(submit).toHaveProperty('disabled', true);
    expect(submit.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('button', { name: 'Back' })).toHaveProperty('disabled', true);
  });

  it('makes Back a link when given a path, and leaves it out when given neither', () => {
    renderFooter({ backHref: '/pets' });
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/pets');
    cleanup();
    renderFooter({});
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Back' })).toBeNull();
  });
});
