// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessibleDescription } from '@/testing/accessible-description';
import { TextField } from './text-field';
import styles from './text-field.module.css';

afterEach(cleanup);

describe('TextField (the portal’s outlined field, decision 0050)', () => {
  it('labels its input, describes it by the helper text, and marks it required and invalid', () => {
    render(
      <TextField
        id="pet-name"
        label="Name"
        helperText="As on the card"
        required
        error
        value=""
        onChange={() => {}}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input.id).toBe('pet-name');
    expect(document.querySelector('label')?.getAttribute('for')).toBe('pet-name');
    expect(document.querySelector('label')?.id).toBe('pet-name-label');
    expect(input.getAttribute('aria-describedby')).toBe('pet-name-helper-text');
    expect(accessibleDescription(input)).toBe('As on the card');
    expect(input.hasAttribute('required')).toBe(true);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    // The asterisk is drawn for the eye only: the input's own `required` says it.
    expect(document.querySelector('label [aria-hidden="true"]')?.textContent).toBe('\u2009*');
  });

  it('keeps the label in the box while empty and unfocused, and raises it into the notch otherwise', () => {
    const { rerender } = render(<TextField label="Town" value="" onChange={() => {}} />);
    const label = document.querySelector('label')!;
    const legend = document.querySelector('legend')!;
    expect(label.dataset.shrink).toBe('false');
    expect(legend.className).not.toContain(styles.notched);

    fireEvent.focus(screen.getByRole('textbox', { name: 'Town' }));
    expect(label.dataset.shrink).toBe('true');
    expect(label.className).toContain(styles.shrunk);
    expect(legend.className).toContain(styles.notched);
    fireEvent.blur(screen.getByRole('textbox', { name: 'Town' }));
    expect(label.dataset.shrink).toBe('false');

    rerender(<TextField label="Town" value="Leeds" onChange={() => {}} />);
    expect(label.dataset.shrink).toBe('true');
    rerender(<TextField label="Town" value="" shrinkLabel onChange={() => {}} />);
    expect(label.dataset.shrink).toBe('true');
  });

  it('labels and describes the input, and reports changes and blurs', () => {
    const onChange = vi.fn();
    const onBlur = vi.fn();
    render(
      <TextField
        id="town"
        label="Town"
        helperText="Where you live"
        value=""
        onChange={onChange}
        onBlur={onBlur}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Town' });
    expect(accessibleDescription(input)).toBe('Where you live');
    fireEvent.change(input, { target: { value: 'Leeds' } });
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ target: input }));
    fireEvent.blur(input);
    expect(onBlur).toHaveBeenCalled();
  });

  it('gives its own input a generated id when none is passed', () => {
    render(<TextField label="Postcode" helperText="For example LS1 4AB" value="" onChange={() => {}} />);
    const input = screen.getByRole('textbox', { name: 'Postcode' });
    expect(input.id).not.toBe('');
    expect(accessibleDescription(input)).toBe('For example LS1 4AB');
  });

  it('is a native select of its options with `select`, labelled, with the label kept up', () => {
    const onChange = vi.fn();
    render(
      <TextField
        select
        id="species"
        label="Your pet is a"
        helperText="Choose one"
        value=""
        onChange={onChange}
        shrinkLabel
      >
        <option value="">Choose a species</option>
        <option value="1">Dog</option>
      </TextField>,
    );
    const select = screen.getByRole('combobox', { name: 'Your pet is a' });
    expect(select.tagName).toBe('SELECT');
    expect(accessibleDescription(select)).toBe('Choose one');
    fireEvent.change(select, { target: { value: '1' } });
    expect(onChange).toHaveBeenCalled();
    // The outline leaves a gap for the label that stays above the field.
    expect(document.querySelector('legend')?.textContent).toBe('Your pet is a');
    expect(document.querySelector('legend')?.className).toContain(styles.notched);
  });

  it('passes the input’s own attributes to the input', () => {
    render(
      <TextField
        label="6-digit code"
        value=""
        onChange={() => {}}
        inputProps={{ inputMode: 'numeric', maxLength: 6 }}
      />,
    );
    const input = screen.getByRole('textbox', { name: '6-digit code' });
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('maxlength')).toBe('6');
  });
});
