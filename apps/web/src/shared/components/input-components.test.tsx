// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessibleDescription } from '@/testing/accessible-description';
import { AutocompleteField } from './autocomplete-field';
import autocomplete from './autocomplete-field.module.css';
import { OptionList } from './option-list';
import optionList from './option-list.module.css';

afterEach(cleanup);

const reasons = [
  { value: 'vaccination', label: 'Vaccination' },
  { value: 'check-up', label: 'Check-up' },
  { value: 'other', label: 'Something else' },
];

function Options({
  errorText,
  touched,
  onChange,
}: {
  errorText?: string;
  touched?: boolean;
  onChange?: (value: string) => void;
}) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <OptionList
      name="reason"
      legend="Reason for the appointment"
      options={reasons}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
      errorText={errorText}
      touched={touched}
    />
  );
}

describe('OptionList', () => {
  it('is a radio group labelled by its legend, with rows 48px high', () => {
    const onChange = vi.fn();
    render(<Options onChange={onChange} />);
    const group = screen.getByRole('group', { name: 'Reason for the appointment' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(3);
    const row = radios[0]?.closest('label') as HTMLElement;
    expect(getComputedStyle(row).minHeight).toBe('48px');

    fireEvent.click(screen.getByRole('radio', { name: 'Check-up' }));

    expect(onChange).toHaveBeenCalledWith('check-up');
    expect(screen.getByRole('radio', { name: 'Check-up' })).toHaveProperty('checked', true);
  });

  it('shows its error text and marks the group invalid', () => {
    render(<Options errorText="Choose a reason" />);
    const radiogroup = screen.getByRole('radiogroup');
    const error = screen.getByText('Choose a reason');
    expect(radiogroup.getAttribute('aria-invalid')).toBe('true');
    expect(radiogroup.getAttribute('aria-describedby')).toBe(error.id);
    expect(error.className).toBe(optionList.error);
  });

  it('holds its error back until touched when given the touched state', () => {
    render(<Options errorText="Choose a reason" touched={false} />);
    expect(screen.queryByText('Choose a reason')).toBeNull();
    cleanup();
    render(<Options errorText="Choose a reason" touched />);
    const radiogroup = screen.getByRole('radiogroup');
    expect(radiogroup.getAttribute('aria-invalid')).toBe('true');
    expect(accessibleDescription(radiogroup)).toBe('Choose a reason');
  });

  it('has no error state without error text', () => {
    render(<Options />);
    expect(screen.getByRole('radiogroup').getAttribute('aria-invalid')).toBeNull();
  });
});

const practices = ['Harbour Road Veterinary Centre', 'Quayside Vets', 'Southsea Animal Hospital'];

function type(text: string) {
  const input = screen.getByRole('combobox', { name: 'Practice' });
  input.focus();
  fireEvent.change(input, { target: { value: text } });
}

function Practices(props: {
  errorText?: string;
  helperText?: string;
  noOptionsText?: string;
  loading?: boolean;
  disabled?: boolean;
  onInputChange?: (text: string) => void;
}) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <AutocompleteField
        label="Practice"
        options={practices}
        value={value}
        onChange={setValue}
        getOptionLabel={(option) => option}
        {...props}
      />
      <p data-testid="value">{value}</p>
    </>
  );
}

describe('AutocompleteField', () => {
  it('filters the options as the user types and selects one', () => {
    render(<Practices />);
    type('quay');

    const listbox = screen.getByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Quayside Vets']);
    // jsdom (30+) computes lengths in pixels, as browsers do: 40% of its window's height.
    expect(getComputedStyle(listbox).maxHeight).toBe(`${(window.innerHeight * 40) / 100}px`);

    fireEvent.click(within(listbox).getByRole('option', { name: 'Quayside Vets' }));
    expect(screen.getByTestId('value').textContent).toBe('Quayside Vets');
  });

  it("says 'No options' when nothing matches, or the text given", () => {
    render(<Practices />);
    type('zzz');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByText('No options').className).toBe(autocomplete.noOptions);
    cleanup();

    render(<Practices noOptionsText="No addresses found" />);
    type('zzz');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByText('No addresses found').className).toBe(autocomplete.noOptions);
  });

  it('opens from its Open button, with the list labelled by the field and placed under the input', () => {
    render(<Practices />);
    const input = screen.getByRole('combobox', { name: 'Practice' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));

    const listbox = screen.getByRole('listbox', { name: 'Practice' });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(input.getAttribute('aria-controls')).toBe(listbox.id);
    expect(within(listbox).getAllByRole('option')).toHaveLength(3);
    // Between the input and the helper text, in the field's own box: nothing floats in a portal.
    const inputBox = input.parentElement!;
    expect(inputBox.nextElementSibling?.contains(listbox)).toBe(true);
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('closes with Escape, and clears the choice from its Clear button', () => {
    render(<Practices />);
    type('south');
    fireEvent.click(screen.getByRole('option', { name: 'Southsea Animal Hospital' }));
    expect(screen.getByTestId('value').textContent).toBe('Southsea Animal Hospital');

    const input = screen.getByRole('combobox', { name: 'Practice' });
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('listbox')).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByTestId('value').textContent).toBe('');
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
  });

  it('opens its list above the input when it does not fit below and there is more room above', () => {
    // jsdom lays nothing out: the input sits where each case says, the list is 300px high, the window 800px.
    let inputTop = 0;
    const boxes = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      const top = this.classList.contains(autocomplete.inputRoot!) ? inputTop : 0;
      return { top, bottom: top + 56, left: 0, right: 300, width: 300, height: 56, x: 0, y: top } as DOMRect;
    });
    const heights = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.classList.contains(autocomplete.paper!) ? 300 : 56;
    });
    try {
      const listBox = () => screen.getByRole('listbox').closest<HTMLElement>(`.${autocomplete.paper}`)!;
      inputTop = 100;
      render(<Practices />);
      fireEvent.click(screen.getByRole('button', { name: 'Open' }));
      expect(listBox().style.bottom).toBe('');
      cleanup();

      inputTop = 700;
      render(<Practices />);
      fireEvent.click(screen.getByRole('button', { name: 'Open' }));
      expect(listBox().style.bottom).toBe('66px');
      expect(listBox().style.top).toBe('auto');
    } finally {
      boxes.mockRestore();
      heights.mockRestore();
    }
  });

  it('says Loading… in a status while a lookup has no options yet', () => {
    render(<Practices loading />);
    type('zzz');
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.queryByText('No options')).toBeNull();
  });

  it('shows its error text under the field only once touched', () => {
    render(<Practices errorText="Choose your practice" helperText="Where your pets are registered" />);
    const input = screen.getByRole('combobox', { name: 'Practice' });
    expect(screen.queryByText('Choose your practice')).toBeNull();

    fireEvent.blur(input);

    expect(accessibleDescription(input)).toBe('Choose your practice');
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the helper text once touched when there is no error', () => {
    render(<Practices helperText="Where your pets are registered" />);
    expect(screen.queryByText('Where your pets are registered')).toBeNull();
    const input = screen.getByRole('combobox', { name: 'Practice' });
    fireEvent.blur(input);
    expect(accessibleDescription(input)).toBe('Where your pets are registered');
    expect(input.getAttribute('aria-invalid')).toBe('false');
  });
});

describe('AutocompleteField keyboard (the WAI-ARIA combobox pattern)', () => {
  const input = () => screen.getByRole('combobox', { name: 'Practice' });
  const key = (name: string) => fireEvent.keyDown(input(), { key: name });
  const highlighted = () => {
    const id = input().getAttribute('aria-activedescendant');
    return id ? document.getElementById(id)?.textContent : undefined;
  };

  it('names the list it controls and the option the keys are on, focus staying in the input', () => {
    render(<Practices />);
    input().focus();
    expect(input().getAttribute('aria-autocomplete')).toBe('list');
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(input().hasAttribute('aria-controls')).toBe(false);

    key('ArrowDown');
    const listbox = screen.getByRole('listbox', { name: 'Practice' });
    expect(input().getAttribute('aria-expanded')).toBe('true');
    expect(input().getAttribute('aria-controls')).toBe(listbox.id);
    // Opening highlights nothing (nothing is chosen); the next ArrowDown the first option.
    expect(input().hasAttribute('aria-activedescendant')).toBe(false);
    key('ArrowDown');
    const first = within(listbox).getAllByRole('option')[0]!;
    expect(input().getAttribute('aria-activedescendant')).toBe(first.id);
    expect(first.className).toContain(autocomplete.highlighted);
    expect(first.className).toContain(autocomplete.keyboardHighlighted);
    expect(document.activeElement).toBe(input());
  });

  it('moves with ArrowDown and ArrowUp, wrapping at either end, and Home and End', () => {
    render(<Practices />);
    input().focus();
    key('ArrowUp');
    expect(screen.getByRole('listbox')).toBeTruthy();
    key('ArrowUp');
    expect(highlighted()).toBe('Southsea Animal Hospital');
    key('ArrowDown');
    expect(highlighted()).toBe('Harbour Road Veterinary Centre');
    key('ArrowUp');
    expect(highlighted()).toBe('Southsea Animal Hospital');
    key('Home');
    expect(highlighted()).toBe('Harbour Road Veterinary Centre');
    key('End');
    expect(highlighted()).toBe('Southsea Animal Hospital');
    key('ArrowDown');
    expect(highlighted()).toBe('Harbour Road Veterinary Centre');
  });

  it('chooses the highlighted option with Enter, closing the list and showing its label', () => {
    render(<Practices />);
    type('vet');
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(2);
    key('ArrowDown');
    key('ArrowDown');
    const enter = fireEvent.keyDown(input(), { key: 'Enter' });
    expect(enter).toBe(false); // not the form's submit
    expect(screen.getByTestId('value').textContent).toBe('Quayside Vets');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input()).toHaveProperty('value', 'Quayside Vets');
    // Opened again, the chosen option is marked and highlighted.
    key('ArrowDown');
    const chosen = screen.getByRole('option', { name: 'Quayside Vets' });
    expect(chosen.getAttribute('aria-selected')).toBe('true');
    expect(input().getAttribute('aria-activedescendant')).toBe(chosen.id);
  });

  it('leaves Enter to the form while no option is highlighted', () => {
    render(<Practices />);
    type('quay');
    expect(fireEvent.keyDown(input(), { key: 'Enter' })).toBe(true);
    expect(screen.getByTestId('value').textContent).toBe('');
  });

  it('closes with Escape keeping the choice, and a second Escape clears nothing', () => {
    render(<Practices />);
    type('harbour');
    key('ArrowDown');
    key('Enter');
    key('ArrowDown');
    expect(screen.getByRole('listbox')).toBeTruthy();
    key('Escape');
    expect(screen.queryByRole('listbox')).toBeNull();
    key('Escape');
    expect(screen.getByTestId('value').textContent).toBe('Harbour Road Veterinary Centre');
    expect(input()).toHaveProperty('value', 'Harbour Road Veterinary Centre');
  });

  it('chooses nothing on Tab (blur) and puts the text back to the choice', () => {
    render(<Practices />);
    type('south');
    key('ArrowDown');
    key('Enter');
    type('quay');
    key('ArrowDown');
    expect(highlighted()).toBe('Quayside Vets');
    fireEvent.blur(input());
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByTestId('value').textContent).toBe('Southsea Animal Hospital');
    expect(input()).toHaveProperty('value', 'Southsea Animal Hospital');
  });

  it('filters on the label holding the text, case and accents aside; emptying the text clears the choice', () => {
    render(<Practices />);
    type('ROAD');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Harbour Road Veterinary Centre',
    ]);
    type('hôsp');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Southsea Animal Hospital',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Southsea Animal Hospital' }));
    type('');
    expect(screen.getByTestId('value').textContent).toBe('');
  });

  it('highlights the option under the pointer, which Enter then chooses', () => {
    render(<Practices />);
    type('e');
    const option = screen.getByRole('option', { name: 'Quayside Vets' });
    fireEvent.mouseMove(option);
    expect(input().getAttribute('aria-activedescendant')).toBe(option.id);
    expect(option.className).not.toContain(autocomplete.keyboardHighlighted);
    key('Enter');
    expect(screen.getByTestId('value').textContent).toBe('Quayside Vets');
  });

  it('reports the typed text and the text put back for a lookup', () => {
    const onInputChange = vi.fn();
    render(<Practices onInputChange={onInputChange} />);
    type('quay');
    expect(onInputChange).toHaveBeenLastCalledWith('quay');
    fireEvent.blur(input());
    expect(onInputChange).toHaveBeenLastCalledWith('');
    expect(input()).toHaveProperty('value', '');
  });

  it('is disabled with its Open button', () => {
    render(<Practices disabled />);
    expect(input().hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Open' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('AutocompleteField with objects', () => {
  interface Practice {
    id: number;
    name: string;
  }
  const list: Practice[] = [
    { id: 1, name: 'Harbour Road Veterinary Centre' },
    { id: 2, name: 'Quayside Vets' },
  ];

  it('marks the option equal to the value (isOptionEqualToValue), though another object', () => {
    const onChange = vi.fn();
    render(
      <AutocompleteField<Practice>
        label="Practice"
        options={list}
        value={{ id: 2, name: 'Quayside Vets' }}
        onChange={onChange}
        getOptionLabel={(practice) => practice.name}
        isOptionEqualToValue={(option, value) => option.id === value.id}
      />,
    );
    const input = screen.getByRole('combobox', { name: 'Practice' });
    expect(input).toHaveProperty('value', 'Quayside Vets');
    input.focus();
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    // The label is the value's, untyped since opening: the whole list is offered.
    const chosen = screen.getByRole('option', { name: 'Quayside Vets' });
    expect(screen.getAllByRole('option')).toHaveLength(2);
    expect(chosen.getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(chosen.id);
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onChange).toHaveBeenCalledWith(null);
  });

  it('offers an option by a synonym, saying which', () => {
    const breeds = [
      { name: 'Beagle', synonyms: [] },
      { name: 'German Shepherd Dog', synonyms: ['Alsatian'] },
    ];
    const name = (breed: (typeof breeds)[number]) => breed.name;
    const synonyms = (breed: (typeof breeds)[number]) => breed.synonyms;
    render(
      <AutocompleteField
        label="Breed"
        options={breeds}
        value={null}
        onChange={() => {}}
        getOptionLabel={name}
        getOptionSynonyms={synonyms}
      />,
    );
    const input = screen.getByRole('combobox', { name: 'Breed' });
    input.focus();
    fireEvent.change(input, { target: { value: 'alsat' } });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'German Shepherd Dog (Alsatian)',
    ]);
  });
});
