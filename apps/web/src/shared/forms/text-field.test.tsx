// @vitest-environment jsdom
import { ThemeProvider } from '@mui/material/styles';
// The original, to compare markup with (tests only).
// eslint-disable-next-line no-restricted-imports
import MuiTextField from '@mui/material/TextField';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '@/shared/theme/theme';
import { accessibleDescription } from '@/testing/accessible-description';
import { TextField } from './text-field';

afterEach(cleanup);

/** MUI's root also carries an (empty) MuiTextField style, so its generated class name differs. */
const withoutRootClass = (html: string) => html.replace(/^<div class="[^"]*">/, '<div>');

const inTheme = (node: React.ReactNode) => render(<ThemeProvider theme={theme}>{node}</ThemeProvider>);

describe('TextField (composed from MUI parts)', () => {
  it('renders the markup of MUI’s outlined TextField: label, ids, helper text, notch', () => {
    const props = { id: 'pet-name', label: 'Name', helperText: 'As on the vaccination card', required: true };
    const ours = inTheme(<TextField {...props} value="Biscuit" onChange={() => {}} />).container.innerHTML;
    cleanup();
    const mui = inTheme(<MuiTextField {...props} value="Biscuit" onChange={() => {}} />).container.innerHTML;
    expect(withoutRootClass(ours)).toBe(withoutRootClass(mui));
  });

  it('renders the markup of MUI’s native select TextField with `select`', () => {
    const props = { id: 'reason', label: 'Reason', helperText: 'Choose one', value: '' };
    const options = [
      <option key="none" value="">
        Choose a reason
      </option>,
      <option key="1" value="1">
        Check-up
      </option>,
    ];
    const ours = inTheme(
      <TextField {...props} select onChange={() => {}} slotProps={{ inputLabel: { shrink: true } }}>
        {options}
      </TextField>,
    ).container.innerHTML;
    cleanup();
    const mui = inTheme(
      <MuiTextField
        {...props}
        select
        onChange={() => {}}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {options}
      </MuiTextField>,
    ).container.innerHTML;
    // The one difference: the field's root names NativeSelect rather than Select (no style depends on it).
    expect(withoutRootClass(ours).replace('MuiNativeSelect-root', 'MuiSelect-root')).toBe(
      withoutRootClass(mui),
    );
  });

  it('labels and describes the input, and reports changes and blurs', () => {
    const onChange = vi.fn();
    const onBlur = vi.fn();
    inTheme(
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
    inTheme(<TextField label="Postcode" helperText="For example LS1 4AB" value="" onChange={() => {}} />);
    const input = screen.getByRole('textbox', { name: 'Postcode' });
    expect(input.id).not.toBe('');
    expect(accessibleDescription(input)).toBe('For example LS1 4AB');
  });

  it('is a native select of its options with `select`, labelled, with the label kept up', () => {
    const onChange = vi.fn();
    inTheme(
      <TextField
        select
        id="species"
        label="Your pet is a"
        helperText="Choose one"
        value=""
        onChange={onChange}
        slotProps={{ inputLabel: { shrink: true } }}
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
    expect(document.querySelector('.MuiOutlinedInput-notchedOutline')?.className).toMatch(/notched/i);
  });

  it('passes the input’s own attributes to the input', () => {
    inTheme(
      <TextField
        label="6-digit code"
        value=""
        onChange={() => {}}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
      />,
    );
    const input = screen.getByRole('textbox', { name: '6-digit code' });
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('maxlength')).toBe('6');
  });
});
